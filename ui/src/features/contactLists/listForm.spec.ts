import { describe, expect, it } from 'vitest';
import { validateBounded, validateItemForm } from './listForm';

describe('contact list forms', () => {
  it('applies the lengths and words of the dialogs', () => {
    expect(validateBounded('', 2, 50)).toBe('contactLists.validation.required');
    expect(validateBounded('a', 2, 50)).toBe('contactLists.validation.tooShort');
    expect(validateBounded('x'.repeat(51), 2, 50)).toBe('contactLists.validation.tooLong');
    expect(validateBounded('Ana', 2, 50)).toBeUndefined();
  });
  it('checks an item: number of 8 or more, e-mail only when given', () => {
    expect(validateItemForm({ name: 'Ana', number: '1234567', email: '' })).toEqual({ number: 'contactLists.validation.tooShort' });
    expect(validateItemForm({ name: 'Ana', number: '5511987654321', email: 'x@' })).toEqual({ email: 'contactLists.validation.email' });
    expect(validateItemForm({ name: 'Ana', number: '5511987654321', email: '' })).toEqual({});
  });
});
