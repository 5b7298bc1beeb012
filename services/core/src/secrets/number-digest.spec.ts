import { describe, expect, it } from 'vitest';
import { createNumberDigest } from './number-digest';

describe('createNumberDigest', () => {
  it('names a number the same way under the same key, and says nothing of it', () => {
    const digest = createNumberDigest('operator-key');
    const named = digest(7, '5511987654321');
    expect(named).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(named).not.toContain('987654321');
    expect(createNumberDigest('operator-key')(7, '5511987654321')).toBe(named);
    expect(digest(8, '5511987654321')).not.toBe(named);
    expect(digest(7, '5511987654322')).not.toBe(named);
    expect(createNumberDigest('another-key')(7, '5511987654321')).not.toBe(named);
  });
});
