import { describe, expect, it } from 'vitest';
import { formatContactNumber, hidesNumbers } from './number';
import { eraseReasonError, searchReady, validateContact } from './validation';

describe('number display', () => {
  it('masks 12 digits or fewer as +XX (XX) XXXX XXXX and longer ones as +XX (XX) XXXXX XXXX', () => {
    expect(formatContactNumber('551134567890')).toEqual({ kind: 'number', text: '+55 (11) 3456 7890' });
    expect(formatContactNumber('5511987654321')).toEqual({ kind: 'number', text: '+55 (11) 98765 4321' });
    expect(formatContactNumber('+55 (11) 98765-4321')).toEqual({ kind: 'number', text: '+55 (11) 98765 4321' });
  });

  it('says Número inválido under 10 digits and Número não disponível when empty', () => {
    expect(formatContactNumber('123456789')).toEqual({ kind: 'invalid' });
    expect(formatContactNumber('')).toEqual({ kind: 'unavailable' });
    expect(formatContactNumber(null)).toEqual({ kind: 'unavailable' });
  });

  it('keeps country, area and the last 2 digits for profile user when lgpdHideNumber is enabled, as the server sends them', () => {
    expect(formatContactNumber('5511987654321', true)).toEqual({ kind: 'number', text: '+55 (11) ***** **21' });
    expect(formatContactNumber('551134567890', true)).toEqual({ kind: 'number', text: '+55 (11) **** **90' });
    // What the server already masked shows the same, with or without masking again.
    expect(formatContactNumber('5511*******21')).toEqual({ kind: 'number', text: '+55 (11) ***** **21' });
    expect(formatContactNumber('5511*******21', true)).toEqual({ kind: 'number', text: '+55 (11) ***** **21' });
    expect(hidesNumbers({ profile: 'user' }, 'enabled')).toBe(true);
    expect(hidesNumbers({ profile: 'user', super: true }, 'enabled')).toBe(false);
    expect(hidesNumbers({ profile: 'admin' }, 'enabled')).toBe(false);
    expect(hidesNumbers({ profile: 'supervisor' }, 'enabled')).toBe(false);
    expect(hidesNumbers({ profile: 'user' }, 'disabled')).toBe(false);
  });
});

describe('contact form rules', () => {
  it('gives Required, Too Short! and Too Long! for name (2–50) and number (8–50)', () => {
    expect(validateContact({ name: '', number: '', email: '' })).toEqual({ name: 'required', number: 'required' });
    expect(validateContact({ name: 'A', number: '1234567', email: '' })).toEqual({ name: 'tooShort', number: 'tooShort' });
    expect(validateContact({ name: 'A'.repeat(51), number: '1'.repeat(51), email: '' })).toEqual({ name: 'tooLong', number: 'tooLong' });
    expect(validateContact({ name: 'Al', number: '12345678', email: '' })).toEqual({});
  });

  it('accepts an empty email and refuses a malformed one (Invalid email)', () => {
    expect(validateContact({ name: 'Maria', number: '5511987654321', email: 'maria@' })).toEqual({ email: 'invalidEmail' });
    expect(validateContact({ name: 'Maria', number: '5511987654321', email: 'maria@flores.test' })).toEqual({});
  });

  it('searches from 3 characters', () => {
    expect(searchReady('ma')).toBe(false);
    expect(searchReady(' ma ')).toBe(false);
    expect(searchReady('mar')).toBe(true);
  });
});

describe('the erasure reason (LGPD)', () => {
  it('is required, 3 to 500 characters as the API bounds it', () => {
    expect(eraseReasonError('   ')).toBe('contactForm.required');
    expect(eraseReasonError(' ab ')).toBe('contactForm.tooShort');
    expect(eraseReasonError('x'.repeat(501))).toBe('contactForm.tooLong');
    expect(eraseReasonError('Pedido do titular')).toBeNull();
  });
});
