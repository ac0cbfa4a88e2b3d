import { beforeAll } from 'vitest';
import { loadAllLanguages } from '../shared/i18n/i18n.ts';
import { installAntdReact19Render } from '../shared/ui/antd-react19.ts';

// After jsdom-browser.ts (vitest.config.ts): the borrower app's own start-up for tests.
installAntdReact19Render();

// The dictionaries are chunks loaded on demand in the app; tests have them all from the start.
beforeAll(() => loadAllLanguages());
