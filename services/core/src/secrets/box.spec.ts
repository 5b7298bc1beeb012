import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from './box';

describe('secret box', () => {
  it('seals with a fresh nonce each time and opens what it sealed', () => {
    const box = createSecretBox('a-long-test-key');
    const first = box.seal('sk-live-123');
    const second = box.seal('sk-live-123');
    expect(isSealed(first)).toBe(true);
    expect(first).not.toContain('sk-live');
    expect(first).not.toBe(second);
    expect(box.open(first)).toBe('sk-live-123');
    expect(box.seal('')).toBe('');
  });

  it('refuses a sealed value altered or sealed under another key', () => {
    const sealed = createSecretBox('key-one').seal('secret');
    expect(() => createSecretBox('key-two').open(sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => createSecretBox('key-one').open(tampered)).toThrow();
  });
});
