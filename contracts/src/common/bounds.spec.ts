import { describe, expect, it } from 'vitest';
import { Count32, inboundText, isStorableText, normaliseDeep, normaliseText, RealDate, realDateTime, RecordId, RecordIdParam, safeText } from './bounds';

describe('bounds', () => {
  it('takes ids that fit a Postgres integer, and only plain digits from a URL', () => {
    expect(RecordId.safeParse(2_147_483_647).success).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, 99_999_999_999]) expect(RecordId.safeParse(bad).success).toBe(false);
    expect(RecordIdParam.parse('42')).toBe(42);
    for (const bad of ['99999999999', '', '1e3', '0x10', 'a\u0000', '-1', '[1]']) expect(RecordIdParam.safeParse(bad).success, bad).toBe(false);
    expect(Count32.safeParse(0).success).toBe(true);
    expect(Count32.safeParse(99_999_999_999).success).toBe(false);
  });

  it('refuses text Postgres cannot store, and mends it when a contact wrote it', () => {
    expect(isStorableText('Ana Souza 😀')).toBe(true);
    for (const bad of ['Ana\u0000Souza', '\ud800', 'a\udc00b', '😀'.slice(0, 1)]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
      expect(safeText().max(20).safeParse(bad).success).toBe(false);
    }
    expect(normaliseText('Ana\u0000Souza \ud800x 😀')).toBe('AnaSouza \ufffdx 😀');
    expect(inboundText().max(5).parse('a\u0000b\udc00')).toBe('ab\ufffd');
    expect(normaliseDeep({ text: 'a\u0000', list: ['\ud800'], n: 1 })).toEqual({ text: 'a', list: ['\ufffd'], n: 1 });
  });

  it('takes only days and moments of the calendar', () => {
    expect(RealDate.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2023-02-30', '0000-00-00', '2023-13-01', '2023-1-1']) expect(RealDate.safeParse(bad).success, bad).toBe(false);
    expect(realDateTime().safeParse('2024-02-29T10:00:00.000Z').success).toBe(true);
    expect(realDateTime().safeParse('2023-02-30T10:00:00.000Z').success).toBe(false);
    expect(realDateTime().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });
});
