import { describe, expect, it } from 'vitest';
import type { CompanyRecord } from './api';
import { companyChanges, companyFormOf, dueDateTone, emptyCompanyForm, phoneDigits, validateCompanyForm } from './companyForm';

const saved: CompanyRecord = {
  id: 5,
  name: 'Padaria Sol',
  email: 'sol@padaria.test',
  phone: '11987654321',
  document: '',
  planId: 2,
  status: true,
  dueDate: '2030-01-31',
  recurrence: 'MENSAL',
  paymentMethod: '',
  addressStreet: '',
  addressState: '',
  addressCity: '',
  schedules: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
};

describe('company form', () => {
  it('starts a new company active, monthly, due a month from today (the last day of a shorter month)', () => {
    expect(emptyCompanyForm(new Date(2026, 0, 31), 3)).toMatchObject({ planId: '3', status: true, recurrence: 'MENSAL', dueDate: '2026-02-28' });
    expect(emptyCompanyForm(new Date(2026, 4, 10), undefined)).toMatchObject({ planId: '', dueDate: '2026-06-10' });
  });

  it('applies the spec 2 §5 company rules', () => {
    const form = emptyCompanyForm(new Date(2026, 4, 10), undefined);
    expect(validateCompanyForm(form, { creating: true })).toEqual({
      name: 'companies.validation.nameRequired',
      email: 'companies.validation.emailRequired',
      planId: 'companies.validation.planRequired',
    });
    expect(
      validateCompanyForm({ ...form, name: 'A', email: 'nope', phone: '1199', planId: '1', password: '123', dueDate: '2026-13-40' }, { creating: true }),
    ).toEqual({
      name: 'companies.validation.tooShort',
      email: 'companies.validation.emailInvalid',
      phone: 'companies.validation.phone',
      password: 'companies.validation.password',
      dueDate: 'companies.validation.dueDate',
    });
    expect(validateCompanyForm({ ...form, name: 'x'.repeat(51), email: 'a@b.co', planId: '1' }, { creating: true })).toEqual({
      name: 'companies.validation.tooLong',
    });
    expect(validateCompanyForm({ ...form, name: 'Acme', email: 'a@b.co', planId: '1', phone: '11987654321' }, { creating: true })).toEqual({});
  });

  it('keeps only digits in the phone, 11 at most', () => {
    expect(phoneDigits('(11) 98765-4321 ramal 9')).toBe('11987654321');
  });

  it('sends only the fields an edit changed', () => {
    expect(companyChanges(saved, companyFormOf(saved))).toEqual({});
    expect(companyChanges(saved, { ...companyFormOf(saved), name: ' Padaria Sol Nascente ', planId: '3', status: false })).toEqual({
      name: 'Padaria Sol Nascente',
      planId: 3,
      status: false,
    });
  });

  it('tints the due date red when due today or overdue, yellow within 1 to 5 days (spec 2 §4)', () => {
    const today = new Date(2026, 5, 10, 15, 30);
    expect(dueDateTone('2026-06-09', today)).toBe('overdue');
    expect(dueDateTone('2026-06-10', today)).toBe('overdue');
    expect(dueDateTone('2026-06-11', today)).toBe('soon');
    expect(dueDateTone('2026-06-15', today)).toBe('soon');
    expect(dueDateTone('2026-06-16', today)).toBeNull();
    expect(dueDateTone('2999-12-31', today)).toBeNull();
  });
});
