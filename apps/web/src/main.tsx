import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAntdReact19Render } from './shared/ui/antd-react19.ts';
import './shared/fonts/fonts.ts';
import './styles/theme.css';
import './styles/global.css';
import { App } from './app/app.tsx';

// Before anything renders: antd-mobile's imperative components (Toast, Dialog) need React 19's createRoot.
installAntdReact19Render();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
