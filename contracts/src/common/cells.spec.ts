import { describe, expect, it } from 'vitest';
import { safeCell, safeCells } from './cells';

describe('safeCell', () => {
  it('puts an apostrophe before a text a spreadsheet would run, and leaves the rest alone', () => {
    for (const live of ['=HYPERLINK("http://x","y")', '+5511', '-1+1', '@SUM(A1)', '\t=1', '\r=1']) expect(safeCell(live)).toBe(`'${live}`);
    for (const plain of ['Ana', '5511987654321', ' =1', "'=1", '', 'a=b']) expect(safeCell(plain)).toBe(plain);
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell(null)).toBeNull();
    expect(safeCells({ name: '=1', id: 3 })).toEqual({ name: "'=1", id: 3 });
  });
});
