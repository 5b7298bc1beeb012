import { describe, expect, it } from 'vitest';
import { hidesNumbers, maskContactNumbers, maskNumber } from './privacy';

describe('LGPD hide-number mask', () => {
  it('keeps country, area and the last 2 digits of a phone number, and only the last 2 of a short one', () => {
    expect(maskNumber('5511987654321')).toBe('5511*******21');
    expect(maskNumber('551134567890')).toBe('5511******90');
    expect(maskNumber('+55 (11) 98765-4321')).toBe('+55 (11) *****-**21');
    expect(maskNumber('12345678')).toBe('******78');
    expect(maskNumber('120363025246125486@g.us')).toBe('1203************86@g.us');
  });

  it('gives the same text when masked twice', () => {
    for (const number of ['5511987654321', '12345678', '+55 (11) 98765-4321']) expect(maskNumber(maskNumber(number))).toBe(maskNumber(number));
  });

  it('masks only profile user, not super users, and only with the setting enabled', () => {
    expect(hidesNumbers({ profile: 'user' }, 'enabled')).toBe(true);
    expect(hidesNumbers({ profile: 'user', super: true }, 'enabled')).toBe(false);
    expect(hidesNumbers({ profile: 'supervisor' }, 'enabled')).toBe(false);
    expect(hidesNumbers({ profile: 'user' }, 'disabled')).toBe(false);
    expect(hidesNumbers(undefined, 'enabled')).toBe(false);
  });

  it('masks contacts under contact, contacts and participant at any depth, and the root when told; nothing else', () => {
    const frame = {
      action: 'update',
      message: {
        body: 'oi 5511987654321',
        participant: { name: 'Ana', number: '5511911112222' },
        quotedMsg: { participant: { name: '5511933334444', number: '5511933334444' } },
      },
      ticket: { id: 7, contact: { id: 1, name: 'Cliente', number: '5511987654321', tags: [{ id: 1, name: 'vip' }] } },
      whatsapp: { name: 'Linha', number: '5511900000000' },
      at: new Date('2026-01-01T00:00:00Z'),
    };
    const masked = maskContactNumbers(frame);
    expect(masked.ticket.contact).toEqual({ id: 1, name: 'Cliente', number: '5511*******21', tags: [{ id: 1, name: 'vip' }] });
    expect(masked.message.participant).toEqual({ name: 'Ana', number: '5511*******22' });
    // A contact named by its number has the name masked too.
    expect(masked.message.quotedMsg.participant).toEqual({ name: '5511*******44', number: '5511*******44' });
    // Message text is the conversation itself, and the company's own line is not a contact.
    expect(masked.message.body).toBe('oi 5511987654321');
    expect(masked.whatsapp.number).toBe('5511900000000');
    expect(JSON.stringify(masked.at)).toBe(JSON.stringify(frame.at));
    // The published frame is shared by every socket: it is never changed in place.
    expect(frame.ticket.contact.number).toBe('5511987654321');
    expect(maskContactNumbers({ schedule: { contact: { id: 3, name: '5511955554444' } } }).schedule.contact.name).toBe('5511*******44');
    expect(maskContactNumbers({ contact: { id: 3, name: 'Loja 2024' } }).contact.name).toBe('Loja 2024');
    expect(maskContactNumbers([{ number: '5511987654321' }], { root: true })).toEqual([{ number: '5511*******21' }]);
    expect(maskContactNumbers({ contacts: [{ number: '5511987654321' }], count: 1 })).toEqual({ contacts: [{ number: '5511*******21' }], count: 1 });
  });
});
