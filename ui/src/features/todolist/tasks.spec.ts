import { describe, expect, it } from 'vitest';
import { addTask, editTask, formatTaskTime, parseTasks, removeTask } from './tasks';

const t0 = new Date(2026, 10, 20, 9, 5);
const t1 = new Date(2026, 10, 21, 14, 30);

describe('to-do tasks', () => {
  it('adds trimmed text with both times and ignores blank text', () => {
    const one = addTask([], '  Ligar para Maria ', t0);
    expect(one).toEqual([{ text: 'Ligar para Maria', createdAt: t0.toISOString(), updatedAt: t0.toISOString() }]);
    expect(addTask(one, '   ', t1)).toBe(one);
    expect(addTask(one, '', t1)).toBe(one);
  });

  it('edits one task, keeping its creation time and stamping the update', () => {
    const list = addTask(addTask([], 'primeira', t0), 'segunda', t0);
    const edited = editTask(list, 1, ' segunda revisada ', t1);
    expect(edited[0]).toBe(list[0]);
    expect(edited[1]).toEqual({ text: 'segunda revisada', createdAt: t0.toISOString(), updatedAt: t1.toISOString() });
    expect(editTask(list, 1, '  ', t1)).toBe(list);
    expect(editTask(list, 5, 'fora', t1)).toBe(list);
  });

  it('removes by position', () => {
    const list = addTask(addTask([], 'a', t0), 'b', t0);
    expect(removeTask(list, 0).map((task) => task.text)).toEqual(['b']);
  });

  it('reads what was stored and drops what is not a task', () => {
    expect(parseTasks(null)).toEqual([]);
    expect(parseTasks('not json')).toEqual([]);
    expect(parseTasks('{"text":"x"}')).toEqual([]);
    const stored = [{ text: 'ok', createdAt: 'a', updatedAt: 'b' }, { text: 3 }, null];
    expect(parseTasks(JSON.stringify(stored))).toEqual([{ text: 'ok', createdAt: 'a', updatedAt: 'b' }]);
  });

  it('shows the time as DD/MM/YYYY HH:mm', () => {
    expect(formatTaskTime(t1.toISOString())).toBe('21/11/2026 14:30');
  });
});
