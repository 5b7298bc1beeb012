import type { CompanyEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { company } from './company';

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
    spec(company).given([]).when({ type: 'RegisterCompany', companyId: 2, planId: 1, dueDate: '2027-01-01', details, via: 'signup' }).then([registered(2)]);
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
    spec(company).given([registered(1)]).when({ type: 'SetCompanyDueDate', dueDate: '2020-01-01' }).thenThrows('ERR_NO_PERMISSION');
    spec(company).given([registered(1)]).when({ type: 'DeleteCompany' }).thenThrows('ERR_NO_PERMISSION');
  });

  it('refuses commands on a missing company', () => {
    spec(company).given([]).when({ type: 'ChangeCompanyPlan', planId: 2 }).thenThrows('ERR_NOT_FOUND');
  });
});
