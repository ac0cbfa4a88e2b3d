import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadAllLanguages } from '../shared/i18n/i18n.ts';
import { installAntdReact19Render } from '../shared/ui/antd-react19.ts';

installAntdReact19Render();

// The dictionaries are chunks loaded on demand in the app; tests have them all from the start.
beforeAll(() => loadAllLanguages());

// jsdom lacks a few browser APIs antd-mobile touches.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
