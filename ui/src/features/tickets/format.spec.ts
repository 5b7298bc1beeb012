import { describe, expect, it } from 'vitest';
import { cut, formatTicketTime, lastContact, lastMessageKind, queueChipText } from './format';

const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('ticket row text', () => {
  it('cuts names and last messages to 30 characters, counting an emoji as one', () => {
    expect(cut('a'.repeat(30))).toBe('a'.repeat(30));
    expect(cut('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`);
    const emoji = '😀'.repeat(31);
    expect(cut(emoji)).toBe(`${'😀'.repeat(30)}…`);
    expect(cut('curto')).toBe('curto');
  });

  it('shows HH:mm for today and dd/MM/yyyy for other days (local calendar days)', () => {
    const now = at(2026, 11, 21, 15, 30);
    expect(formatTicketTime(at(2026, 11, 21, 0, 5).toISOString(), now)).toBe('00:05');
    expect(formatTicketTime(at(2026, 11, 21, 9, 7).toISOString(), now)).toBe('09:07');
    expect(formatTicketTime(at(2026, 11, 20, 23, 59).toISOString(), now)).toBe('20/11/2026');
    expect(formatTicketTime(at(2025, 1, 2, 8, 0).toISOString(), now)).toBe('02/01/2025');
  });

  it('gives the last-contact badge in minutes below 60, hours below 24, then Ontem', () => {
    const now = at(2026, 11, 21, 15, 0);
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(lastContact(ago(0), now)).toEqual({ unit: 'minutes', value: 0 });
    expect(lastContact(ago(59 * 60_000 + 59_000), now)).toEqual({ unit: 'minutes', value: 59 });
    expect(lastContact(ago(60 * 60_000), now)).toEqual({ unit: 'hours', value: 1 });
    expect(lastContact(ago(23 * 3_600_000 + 3_599_000), now)).toEqual({ unit: 'hours', value: 23 });
    expect(lastContact(ago(24 * 3_600_000), now)).toEqual({ unit: 'yesterday' });
    expect(lastContact(ago(9 * 24 * 3_600_000), now)).toEqual({ unit: 'yesterday' });
    // A server clock a little ahead never gives negative minutes.
    expect(lastContact(ago(-30_000), now)).toEqual({ unit: 'minutes', value: 0 });
  });

  it("recognises a location and a contact card in the last message ('Localização', 'Contato')", () => {
    expect(lastMessageKind('Localização')).toBe('location');
    expect(lastMessageKind('data:image/png;base64,iVBOR|https://maps.google.com/?q=1,2')).toBe('location');
    expect(lastMessageKind('BEGIN:VCARD\nVERSION:3.0\nFN:João\nEND:VCARD')).toBe('contact');
    expect(lastMessageKind('Contato')).toBe('contact');
    expect(lastMessageKind('Bom dia, tudo bem?')).toBe('text');
  });

  it('writes queue names in upper case', () => {
    expect(queueChipText('Suporte técnico')).toBe('SUPORTE TÉCNICO');
  });
});
