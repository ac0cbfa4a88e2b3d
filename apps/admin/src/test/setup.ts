import { loadLanguage } from '../shared/i18n/i18n.ts';

// The app loads one dictionary before its first render (main.tsx); the tests render without main.
await Promise.all([loadLanguage('vn'), loadLanguage('en')]);
