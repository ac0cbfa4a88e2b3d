import { configure } from '@testing-library/react';
import { loadLanguage } from '../shared/i18n/i18n.ts';

// The app loads one dictionary before its first render (main.tsx); the tests render without main.
await Promise.all([loadLanguage('vn'), loadLanguage('en')]);

// antd's tables and dialogs take more than the default second to appear on a busy 2-core CI machine
// (the unmatched queue's 'Return transfer' button did, in a full run): findBy and waitFor wait 5 s.
configure({ asyncUtilTimeout: 5000 });
