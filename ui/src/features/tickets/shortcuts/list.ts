import type { ShortcutId } from './keymap';

/** The keys as the `?` dialog shows them, in its order (only the dialog loads this: keymap.ts is what obeys them). */
export interface Shortcut {
  id: ShortcutId;
  /** Keys as the dialog shows them, each a chord (`Alt+J`). */
  keys: readonly string[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'next', keys: ['J', 'Alt+↓'] },
  { id: 'previous', keys: ['K', 'Alt+↑'] },
  { id: 'accept', keys: ['A'] },
  { id: 'resolve', keys: ['E'] },
  { id: 'transfer', keys: ['T'] },
  { id: 'reply', keys: ['R'] },
  { id: 'note', keys: ['N'] },
  { id: 'quickReply', keys: ['Q'] },
  { id: 'search', keys: ['/'] },
  { id: 'tabOpen', keys: ['1'] },
  { id: 'tabPending', keys: ['2'] },
  { id: 'tabGroup', keys: ['3'] },
  { id: 'leaveField', keys: ['Esc'] },
  { id: 'help', keys: ['?'] },
];
