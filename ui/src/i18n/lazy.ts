import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllTexts } from './texts';

/**
 * React's `lazy`, which also loads every text before the component first renders: only the texts on the path to
 * the tickets list ship with the app (./parts.ts), so whatever loads on use (a screen, dialog, pane) brings the
 * rest with its code. `'core'` is for what the path to the first row loads (the tickets screen, the bell, the menus and
 * popovers on first use, the toast area): texts.spec.ts checks that those use core texts only.
 * Every lazy component of the app is made here (the spec forbids React's own elsewhere).
 */
// `any` props as in React's own signature: the component's props are whatever the loaded module's component takes.
// oxlint-disable-next-line typescript/no-explicit-any
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, texts: 'all' | 'core' = 'all'): LazyExoticComponent<T> {
  return reactLazy<T>(texts === 'core' ? load : () => Promise.all([load(), loadAllTexts()]).then(([module]) => module));
}
