/**
 * The inbox's keyboard shortcuts (issue 37): which key does what, and when a key press is one. Plain keys never fire
 * while the focus is in a text field (the attendant is typing); the Alt variants do, so the list can be walked from
 * the composer. Pure, so the `?` dialog lists exactly what the handler obeys.
 */
export type ShortcutId =
  | 'next'
  | 'previous'
  | 'accept'
  | 'resolve'
  | 'transfer'
  | 'note'
  | 'reply'
  | 'quickReply'
  | 'search'
  | 'tabOpen'
  | 'tabPending'
  | 'tabGroup'
  | 'leaveField'
  | 'help';

const plainKeys: Readonly<Record<string, ShortcutId>> = {
  j: 'next',
  k: 'previous',
  a: 'accept',
  e: 'resolve',
  t: 'transfer',
  r: 'reply',
  n: 'note',
  q: 'quickReply',
  '/': 'search',
  '1': 'tabOpen',
  '2': 'tabPending',
  '3': 'tabGroup',
  '?': 'help',
};

/** The key press's target is somewhere the user types: an input, a text area, a select or editable content. */
export function isTextField(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName;
  // The attribute as well: not every DOM (jsdom) computes isContentEditable.
  if (tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable || element.closest?.('[contenteditable]:not([contenteditable="false"])')) return true;
  if (tag !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

export type KeyPress = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target' | 'isComposing' | 'defaultPrevented'>;

/** The shortcut a key press is, or null: a plain key outside text fields, Alt+arrows anywhere, Esc to leave a field. */
export function shortcutOf(event: KeyPress): ShortcutId | null {
  if (event.isComposing || event.defaultPrevented || event.ctrlKey || event.metaKey) return null;
  const inField = isTextField(event.target);
  if (event.altKey) {
    if (event.shiftKey) return null;
    return event.key === 'ArrowDown' ? 'next' : event.key === 'ArrowUp' ? 'previous' : null;
  }
  if (inField) return event.key === 'Escape' ? 'leaveField' : null;
  // Shift is how `?` is typed on most layouts; other shifted letters are not shortcuts.
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.shiftKey && key !== '?' && key !== '/') return null;
  return plainKeys[key] ?? null;
}

/** The ticket a step away in the list, by uuid: the first (or last) one when none is open or the open one is elsewhere. */
export function stepTicket<T extends { uuid: string }>(rows: readonly T[], openUuid: string | undefined, step: 1 | -1): T | undefined {
  if (rows.length === 0) return undefined;
  const index = openUuid === undefined ? -1 : rows.findIndex((row) => row.uuid === openUuid);
  if (index === -1) return step === 1 ? rows[0] : rows[rows.length - 1];
  return rows[Math.min(rows.length - 1, Math.max(0, index + step))];
}
