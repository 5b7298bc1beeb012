import { describe, expect, it } from 'vitest';
import { ratingEmoji, voiceCallUrl } from './extras';

describe('ticket extras', () => {
  it('shows ratings 1 to 5 as emoji and nothing otherwise', () => {
    expect([1, 2, 3, 4, 5].map(ratingEmoji)).toEqual(['😡', '🙁', '😐', '🙂', '😍']);
    expect(ratingEmoji(null)).toBeNull();
    expect(ratingEmoji(0)).toBeNull();
    expect(ratingEmoji(6)).toBeNull();
    expect(ratingEmoji(2.5)).toBeNull();
  });

  it('builds the call page address from the token and the number, or nothing when either is missing', () => {
    const url = new URL(voiceCallUrl(' tok-1 ', '+55 (11) 99999-0000', 'Maria Souza')!);
    expect(url.origin + url.pathname).toBe('https://app.wavoip.com/call');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: 'tok-1',
      phone: '5511999990000',
      name: 'Maria Souza',
      start_if_ready: 'true',
      close_after_call: 'true',
    });
    expect(voiceCallUrl('', '5511999990000', 'x')).toBeNull();
    expect(voiceCallUrl(undefined, '5511999990000', 'x')).toBeNull();
    expect(voiceCallUrl('tok', '', 'x')).toBeNull();
    expect(voiceCallUrl('tok', '55119****0000', 'x')).toBeNull();
  });
});
