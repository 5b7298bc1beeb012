import { randomBytes } from 'node:crypto';
import { ERASED_TEXT } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { erasedValue, fieldAad, getPath, isSealedValue, keyIdOf, openValue, sealValue, setPath } from './cipher';

const key = randomBytes(32);
const aad = fieldAad('0b0e9b8e-5a2f-4a0e-9c35-2f3f0c7a1d11', 'body');

describe('a sealed field', () => {
  it('opens to the value it sealed, of every shape', () => {
    for (const value of ['olá', '', { lat: -23.5, lng: -46.6, name: null }, ['a', 'b'], 42, true]) {
      const sealed = sealValue(key, 7, value, aad);
      expect(isSealedValue(sealed)).toBe(true);
      expect(keyIdOf(sealed)).toBe(7);
      expect(openValue(key, sealed, aad)).toEqual(value);
    }
  });

  it('shows nothing of the value and differs each time (a fresh iv)', () => {
    const a = sealValue(key, 1, 'Maria da Silva', aad);
    const b = sealValue(key, 1, 'Maria da Silva', aad);
    expect(a).not.toContain('Maria');
    expect(a).not.toBe(b);
  });

  it('does not open under another key, another event or another path, nor once altered', () => {
    const sealed = sealValue(key, 1, 'segredo', aad);
    expect(() => openValue(randomBytes(32), sealed, aad)).toThrow();
    expect(() => openValue(key, sealed, fieldAad('11111111-1111-4111-8111-111111111111', 'body'))).toThrow();
    expect(() => openValue(key, sealed, fieldAad('0b0e9b8e-5a2f-4a0e-9c35-2f3f0c7a1d11', 'name'))).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => openValue(key, altered, aad)).toThrow();
  });

  it('reads as erased in the shape it had', () => {
    expect(erasedValue(sealValue(key, 1, 'texto', aad))).toBe(ERASED_TEXT);
    expect(erasedValue(sealValue(key, 1, ['x'], aad))).toEqual([]);
    expect(erasedValue(sealValue(key, 1, { lat: 1 }, aad))).toBeNull();
    expect(erasedValue(sealValue(key, 1, 3, aad))).toBe(0);
    expect(erasedValue(sealValue(key, 1, true, aad))).toBe(false);
  });

  it('is told from plain text only by its prefix and key id', () => {
    expect(keyIdOf('hello')).toBeNull();
    expect(keyIdOf('pd1.x.s.abc')).toBeNull();
  });
});

describe('paths', () => {
  it('read and replace nested values without touching the original', () => {
    const data = { media: { name: 'foto.jpg', url: '/m/1' }, body: 'oi' };
    expect(getPath(data, 'media.name')).toBe('foto.jpg');
    expect(getPath(data, 'location.name')).toBeUndefined();
    const changed = setPath(data, 'media.name', 'x') as typeof data;
    expect(changed).toEqual({ media: { name: 'x', url: '/m/1' }, body: 'oi' });
    expect(data.media.name).toBe('foto.jpg');
  });
});
