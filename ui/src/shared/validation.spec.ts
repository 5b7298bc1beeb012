import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf, hasErrors, validateProfile } from './validation';

describe('form validation helpers', () => {
  it("turn a zod schema's issues into field errors, the first issue of each field winning", () => {
    const schema = z.object({
      name: z.string().trim().min(1, 'profile.required').max(5, 'profile.tooLong'),
      email: z.string().regex(/@/, 'profile.invalidEmail'),
    });
    expect(fieldErrorsOf(schema, { name: '  ', email: 'ana' })).toEqual({ name: 'profile.required', email: 'profile.invalidEmail' });
    expect(fieldErrorsOf(schema, { name: 'Ana Maria', email: 'ana@acme.test' })).toEqual({ name: 'profile.tooLong' });
    expect(hasErrors(fieldErrorsOf(schema, { name: 'Ana', email: 'ana@acme.test' }))).toBe(false);
  });

  it('check the user form rules shared by the profile and the users screen', () => {
    expect(validateProfile({ name: 'A', email: 'nope', password: '1234' })).toEqual({
      name: 'profile.tooShort',
      email: 'profile.invalidEmail',
      password: 'profile.tooShort',
    });
    expect(validateProfile({ name: 'Ana', email: 'ana@acme.test', password: '' })).toEqual({});
  });
});
