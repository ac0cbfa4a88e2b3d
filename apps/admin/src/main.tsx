import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadLanguage } from './shared/i18n/i18n.ts';
import { storedLanguage } from './shared/i18n/language.ts';
import './styles/admin.css';

// The operator's dictionary is a chunk of its own; nothing renders before it has come (or failed to).
void loadLanguage(storedLanguage())
  .catch(() => undefined)
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
