import { describe, expect, it } from 'vitest';
import { integerTicks, isEmptySeries, shortLabel } from './chartScale';

describe('dashboard chart scale', () => {
  it('ticks a count axis with whole numbers only, reaching the largest value', () => {
    expect(integerTicks(1)).toEqual([0, 1]);
    expect(integerTicks(3)).toEqual([0, 1, 2, 3]);
    expect(integerTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(integerTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(integerTicks(140)).toEqual([0, 50, 100, 150]);
    expect(integerTicks(0)).toEqual([0, 1]);
  });

  it('calls a series of zeros (or of nothing) empty', () => {
    const point = (total: number) => ({ key: '2026-05-01', id: null, label: '', color: null, total });
    expect(isEmptySeries({ data: [], count: 0 })).toBe(true);
    expect(isEmptySeries({ data: [point(0), point(0)], count: 0 })).toBe(true);
    expect(isEmptySeries({ data: [point(0), point(2)], count: 2 })).toBe(false);
  });

  it('shortens a long category name to what the margin shows, with an ellipsis', () => {
    expect(shortLabel('Painel no navegador Admin')).toBe('Painel no nav…');
    expect(shortLabel('Suporte')).toBe('Suporte');
  });
});
