import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/fonts/fonts.ts';
import './styles/theme.css';
import './styles/global.css';
import { App } from './app/app.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
