import './app/stylesheets-first.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd-mobile's global styles and theme variables first: ours (theme.css) override them.
import 'antd-mobile/es/global';
import './shared/fonts/fonts.ts';
import './styles/theme.css';
import './styles/global.css';
import { App } from './app/app.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
