import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { addFullEnglish } from '../lib/i18n/full-english.ts';
import { initI18n } from '../lib/i18n/i18n.ts';

// What jsdom lacks and Mantine uses.
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
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.scrollTo = () => {};

beforeAll(async () => {
  await initI18n('en');
  addFullEnglish();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});
