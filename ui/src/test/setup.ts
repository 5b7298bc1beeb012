import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toaster } from '../app/toaster';
import { loadAllTexts } from '../i18n/texts';

// Specs render screens and dialogs directly, not through the lazy loaders that bring the texts beyond the core part
// (src/i18n/parts.ts): every text is shown from the start. The other languages' modules are made up front, so a
// language switch in a test answers as fast as in the app.
await loadAllTexts();
await Promise.all([
  import('virtual:texts/en/core'),
  import('virtual:texts/en/errors'),
  import('virtual:texts/en/rest'),
  import('virtual:texts/es/core'),
  import('virtual:texts/es/errors'),
  import('virtual:texts/es/rest'),
  import('virtual:texts/tr/core'),
  import('virtual:texts/tr/errors'),
  import('virtual:texts/tr/rest'),
]);
// Likewise the shell's parts that load on use in the app (the volume slider, the overlay drawer): transformed up
// front, they appear as soon as in a browser instead of after a transform. (Only modules no spec mocks a dependency of.)
await Promise.all([import('../shell/VolumeSlider'), import('../shell/MobileDrawer')]);
// And the menus and popovers that load on their trigger's first use (shared/firstOpen.ts), and the toast area.
await Promise.all([
  import('../shared/TopBarPopoverRoot'),
  import('../features/session/UserMenuRoot'),
  import('../features/tickets/menus'),
  import('../shell/VolumePopover'),
  import('../app/ToastArea'),
]);

// A screen's text or lazy part can take seconds to appear on a loaded machine (CI runs Postgres, Chromium and two
// workers on two cores): the one-second default failed findBy* waits that pass at once on a quiet one.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Chakra/Ark and next-themes read; these inert versions are enough for behaviour tests.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
Element.prototype.scrollTo ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // The toaster is a module-level store: one test's toasts must not leak into the next.
  toaster.remove();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
