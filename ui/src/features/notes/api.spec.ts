import { describe, expect, it } from 'vitest';
import { validateNote } from './api';

describe('ticket note rule', () => {
  it('is required and has at least 2 characters', () => {
    expect(validateNote('  ')).toBe('required');
    expect(validateNote(' a ')).toBe('tooShort');
    expect(validateNote('ok')).toBeNull();
  });
});
