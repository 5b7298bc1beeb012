import { DomainError } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { contactNumber, phoneKey, recordedNumberKey } from './number';

const whatsapp = { channel: 'whatsapp', isGroup: false } as const;

describe('contact numbers', () => {
  it.each([
    ['(11) 98765-4321', '5511987654321'],
    ['11987654321', '5511987654321'],
    ['5511987654321', '5511987654321'],
    ['+55 11 98765-4321', '5511987654321'],
    ['011 98765-4321', '5511987654321'],
    ['(11) 3456-7890', '551134567890'],
    ['+1 415 555 2671', '14155552671'],
    // Without '+', a number that is no Brazilian one is read as country code + number.
    ['14155552671', '14155552671'],
    ['4915123456789', '4915123456789'],
  ])('reads %s as %s', (raw, digits) => {
    expect(contactNumber(raw, whatsapp).number).toBe(digits);
  });

  it('gives a Brazilian mobile one key with or without its 9th digit, keeping the number as written', () => {
    const modern = contactNumber('5511987654321', whatsapp);
    const old = contactNumber('551187654321', whatsapp);
    const oldNational = contactNumber('(11) 8765-4321', whatsapp);
    expect(old.number).toBe('551187654321');
    expect(oldNational.number).toBe('551187654321');
    expect(new Set([modern.key, old.key, oldNational.key])).toEqual(new Set(['5511987654321']));
  });

  it('leaves landlines and other countries as they are', () => {
    expect(phoneKey('551134567890')).toBe('551134567890');
    expect(phoneKey('14155552671')).toBe('14155552671');
  });

  it.each(['123', '99999999', 'abc defgh', '+55 11 1234', '5500987654321'])('refuses %s with ERR_INVALID_PHONE_NUMBER', (raw) => {
    let thrown: unknown;
    try {
      contactNumber(raw, whatsapp);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('ERR_INVALID_PHONE_NUMBER');
  });

  it('keeps digits a channel vouches for even outside the known numbering plan', () => {
    expect(() => contactNumber('999912345678', whatsapp)).toThrow(DomainError);
    expect(contactNumber('999912345678', { ...whatsapp, verifiedByChannel: true }).number).toBe('999912345678');
  });

  it('keeps group ids and page-scoped ids as given, in keys of their own', () => {
    expect(contactNumber('120363025246125486@g.us', { channel: 'whatsapp', isGroup: true })).toEqual({
      number: '120363025246125486@g.us',
      key: 'group:120363025246125486@g.us',
    });
    expect(contactNumber('5511987654321', { channel: 'whatsapp', isGroup: true }).key).toBe('group:5511987654321');
    expect(contactNumber('6543210987654321', { channel: 'instagram', isGroup: false })).toEqual({
      number: '6543210987654321',
      key: 'instagram:6543210987654321',
    });
    expect(() => contactNumber('not a group id', { channel: 'whatsapp', isGroup: true })).toThrow(DomainError);
  });

  it('derives the same key from a recorded number as from the number when it was written', () => {
    for (const raw of ['551187654321', '(11) 98765-4321', '+1 415 555 2671']) {
      const written = contactNumber(raw, whatsapp);
      expect(recordedNumberKey(written.number, whatsapp)).toBe(written.key);
    }
  });
});
