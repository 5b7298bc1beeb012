import { describe, expect, it } from 'vitest';
import { shortcutOf, stepTicket, type KeyPress } from './keymap';
import { SHORTCUTS } from './list';

const press = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  target,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  isComposing: false,
  defaultPrevented: false,
  ...extra,
});

describe('the inbox keymap', () => {
  it('reads plain keys outside text fields, case-blind, and ? with Shift', () => {
    expect(shortcutOf(press('j'))).toBe('next');
    expect(shortcutOf(press('K'))).toBe('previous');
    expect(shortcutOf(press('a'))).toBe('accept');
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('2'))).toBe('tabPending');
    expect(shortcutOf(press('?', document.body, { shiftKey: true }))).toBe('help');
    expect(shortcutOf(press('x'))).toBeNull();
  });

  it('never fires a plain key inside a text field; Alt+arrows and Esc do', () => {
    for (const field of [document.createElement('input'), document.createElement('textarea'), document.createElement('select')]) {
      expect(shortcutOf(press('j', field))).toBeNull();
      expect(shortcutOf(press('/', field))).toBeNull();
      expect(shortcutOf(press('ArrowDown', field, { altKey: true }))).toBe('next');
      expect(shortcutOf(press('ArrowUp', field, { altKey: true }))).toBe('previous');
      expect(shortcutOf(press('Escape', field))).toBe('leaveField');
    }
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    expect(shortcutOf(press('j', checkbox))).toBe('next');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    document.body.append(editable);
    expect(shortcutOf(press('a', editable))).toBeNull();
    editable.remove();
  });

  it('leaves the browser’s and the system’s chords alone, and handled or composing keys', () => {
    expect(shortcutOf(press('a', document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('r', document.body, { metaKey: true }))).toBeNull();
    expect(shortcutOf(press('A', document.body, { shiftKey: true }))).toBeNull();
    expect(shortcutOf(press('j', document.body, { isComposing: true }))).toBeNull();
    expect(shortcutOf(press('j', document.body, { defaultPrevented: true }))).toBeNull();
    expect(shortcutOf(press('Escape'))).toBeNull();
  });

  it('lists every shortcut it obeys once', () => {
    const ids = SHORTCUTS.map((shortcut) => shortcut.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const key of ['j', 'k', 'a', 'e', 't', 'r', 'n', 'q', '/', '1', '2', '3']) expect(ids).toContain(shortcutOf(press(key)));
    expect(ids).toContain(shortcutOf(press('?', document.body, { shiftKey: true })));
    expect(ids).toContain(shortcutOf(press('Escape', document.createElement('input'))));
  });

  it('steps through the rows, starting at an end when no row is open', () => {
    const rows = [{ uuid: 'a' }, { uuid: 'b' }, { uuid: 'c' }];
    expect(stepTicket(rows, undefined, 1)?.uuid).toBe('a');
    expect(stepTicket(rows, undefined, -1)?.uuid).toBe('c');
    expect(stepTicket(rows, 'a', 1)?.uuid).toBe('b');
    expect(stepTicket(rows, 'c', 1)?.uuid).toBe('c');
    expect(stepTicket(rows, 'a', -1)?.uuid).toBe('a');
    expect(stepTicket(rows, 'elsewhere', 1)?.uuid).toBe('a');
    expect(stepTicket([], 'a', 1)).toBeUndefined();
  });
});
