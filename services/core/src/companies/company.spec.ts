import type { CompanyEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { advanceDueDate, company } from './company';

const details = {
  name: 'Acme',
  email: 'acme@example.com',
  phone: '11999999999',
  document: '',
  paymentMethod: '',
  addressStreet: '',
  addressState: '',
  addressCity: '',
  recurrence: 'MENSAL' as const,
  status: true,
};
const registered = (companyId: number): CompanyEvent => ({
  type: 'CompanyRegistered',
  data: { companyId, planId: 1, dueDate: '2027-01-01', via: 'signup', ...details },
});

describe('company decider', () => {
  it('registers a company', () => {
    spec(company)
      .given([])
      .when({ type: 'RegisterCompany', companyId: 2, planId: 1, dueDate: '2027-01-01', details, via: 'signup' })
      .then([registered(2)]);
  });

  it('changes a setting only when its value differs', () => {
    spec(company)
      .given([registered(2)])
      .when({ type: 'ChangeCompanySetting', key: 'userRating', value: 'enabled' })
      .then([{ type: 'CompanySettingChanged', data: { companyId: 2, key: 'userRating', value: 'enabled' } }]);
    spec(company)
      .given([registered(2), { type: 'CompanySettingChanged', data: { companyId: 2, key: 'userRating', value: 'enabled' } }])
      .when({ type: 'ChangeCompanySetting', key: 'userRating', value: 'enabled' })
      .then([]);
  });

  it('never moves the due date of company 1, nor deletes it', () => {
    spec(company)
      .given([registered(1)])
      .when({ type: 'SetCompanyDueDate', dueDate: '2020-01-01' })
      .thenThrows('ERR_NO_PERMISSION');
    spec(company)
      .given([registered(1)])
      .when({ type: 'DeleteCompany' })
      .thenThrows('ERR_NO_PERMISSION');
  });

  it('lets company 1 be saved with its own due date (the dialog sends the whole form)', () => {
    const seeded: CompanyEvent = { type: 'CompanyRegistered', data: { companyId: 1, planId: 1, dueDate: '2999-12-31', via: 'seed', ...details } };
    spec(company).given([seeded]).when({ type: 'SetCompanyDueDate', dueDate: '2999-12-31' }).then([]);
    spec(company)
      .given([seeded])
      .when({ type: 'EditCompany', changes: { name: 'Acme Matriz' }, planId: 1, dueDate: '2999-12-31' })
      .then([{ type: 'CompanyDetailsChanged', data: { companyId: 1, changes: { name: 'Acme Matriz' } } }]);
  });

  it('edits details, plan and due date in one decision', () => {
    spec(company)
      .given([registered(2)])
      .when({ type: 'EditCompany', changes: { name: 'Acme', phone: '11888888888' }, planId: 3, dueDate: '2027-02-01' })
      .then([
        { type: 'CompanyDetailsChanged', data: { companyId: 2, changes: { phone: '11888888888' } } },
        { type: 'CompanyPlanChanged', data: { companyId: 2, planId: 3 } },
        { type: 'CompanyDueDateSet', data: { companyId: 2, dueDate: '2027-02-01' } },
      ]);
    spec(company)
      .given([registered(2)])
      .when({ type: 'EditCompany', changes: { status: true }, planId: 1, dueDate: '2027-01-01' })
      .then([]);
  });

  it('refuses the whole edit when one part is refused', () => {
    spec(company)
      .given([registered(1)])
      .when({ type: 'EditCompany', changes: { name: 'Renamed' }, dueDate: '2020-01-01' })
      .thenThrows('ERR_NO_PERMISSION');
    spec(company)
      .given([])
      .when({ type: 'EditCompany', changes: { name: 'Renamed' } })
      .thenThrows('ERR_NOT_FOUND');
  });

  it('refuses commands on a missing company', () => {
    spec(company).given([]).when({ type: 'ChangeCompanyPlan', planId: 2 }).thenThrows('ERR_NOT_FOUND');
  });
});

describe('due-date advance (spec 2 §4)', () => {
  it.each([
    ['2026-03-15', 'MENSAL', '2026-04-15'],
    ['2026-03-15', 'BIMESTRAL', '2026-05-15'],
    ['2026-03-15', 'TRIMESTRAL', '2026-06-15'],
    ['2026-03-15', 'SEMESTRAL', '2026-09-15'],
    ['2026-03-15', 'ANUAL', '2027-03-15'],
    ['2026-11-30', 'TRIMESTRAL', '2027-02-28'],
    ['2027-12-31', 'BIMESTRAL', '2028-02-29'],
    ['2026-01-31', 'MENSAL', '2026-02-28'],
    ['2028-02-29', 'ANUAL', '2029-02-28'],
  ] as const)('%s + %s = %s', (from, recurrence, expected) => {
    expect(advanceDueDate(from, recurrence)).toBe(expected);
  });

  it('extends the due date to what a paid invoice buys, never backwards, never for company 1', () => {
    spec(company)
      .given([registered(2)])
      .when({ type: 'ExtendCompanyDueDate', through: '2027-02-01' })
      .then([{ type: 'CompanyDueDateSet', data: { companyId: 2, dueDate: '2027-02-01' } }]);
    spec(company)
      .given([registered(2)])
      .when({ type: 'ExtendCompanyDueDate', through: '2027-01-01' })
      .then([]);
    spec(company)
      .given([registered(2)])
      .when({ type: 'ExtendCompanyDueDate', through: '2026-12-01' })
      .then([]);
    spec(company)
      .given([registered(1)])
      .when({ type: 'ExtendCompanyDueDate', through: '3000-01-01' })
      .then([]);
  });
});
