import { daysUntil } from '../../app/dates';
import type { MessageKey } from '../../i18n';
import type { CompanyRecord, CompanyRequest, Recurrence } from './api';

export const recurrences: readonly Recurrence[] = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'];

/** The company dialog's inputs; the password exists only when adding. */
export interface CompanyFormValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  document: string;
  planId: string;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  paymentMethod: string;
  addressStreet: string;
  addressCity: string;
  addressState: string;
}

export type CompanyField = keyof CompanyFormValues;
export type CompanyFormErrors = Partial<Record<CompanyField, MessageKey>>;

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A new company: active, billed monthly, due one month from today, on the first plan offered. */
export const emptyCompanyForm = (today: Date, planId: number | undefined): CompanyFormValues => {
  const due = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  due.setDate(Math.min(today.getDate(), new Date(due.getFullYear(), due.getMonth() + 1, 0).getDate()));
  return {
    name: '',
    email: '',
    password: '',
    phone: '',
    document: '',
    planId: planId === undefined ? '' : String(planId),
    status: true,
    dueDate: isoDay(due),
    recurrence: 'MENSAL',
    paymentMethod: '',
    addressStreet: '',
    addressCity: '',
    addressState: '',
  };
};

export const companyFormOf = (company: CompanyRecord): CompanyFormValues => ({
  name: company.name,
  email: company.email,
  password: '',
  phone: company.phone,
  document: company.document,
  planId: String(company.planId),
  status: company.status,
  dueDate: company.dueDate,
  recurrence: company.recurrence,
  paymentMethod: company.paymentMethod,
  addressStreet: company.addressStreet,
  addressCity: company.addressCity,
  addressState: company.addressState,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The company rules: name 2 to 50 and required, a valid e-mail, a phone of 11 digits; plus what the API needs. */
export function validateCompanyForm(values: CompanyFormValues, { creating }: { creating: boolean }): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'companies.validation.nameRequired';
  else if (name.length < 2) errors.name = 'companies.validation.tooShort';
  else if (name.length > 50) errors.name = 'companies.validation.tooLong';
  const email = values.email.trim();
  if (email === '') errors.email = 'companies.validation.emailRequired';
  else if (!EMAIL.test(email)) errors.email = 'companies.validation.emailInvalid';
  if (values.phone !== '' && !/^\d{11}$/.test(values.phone)) errors.phone = 'companies.validation.phone';
  if (creating && values.password !== '' && (values.password.length < 5 || values.password.length > 50)) errors.password = 'companies.validation.password';
  if (values.planId === '') errors.planId = 'companies.validation.planRequired';
  if (!ISO_DAY.test(values.dueDate) || Number.isNaN(Date.parse(values.dueDate))) errors.dueDate = 'companies.validation.dueDate';
  if (values.document.length > 30) errors.document = 'companies.validation.tooLongText';
  for (const field of ['paymentMethod', 'addressStreet', 'addressCity', 'addressState'] as const) {
    if (values[field].length > (field === 'addressStreet' ? 200 : field === 'paymentMethod' ? 50 : 100)) errors[field] = 'companies.validation.tooLongText';
  }
  return errors;
}

/** Digits only: the phone input keeps what the 11-digit rule counts. */
export const phoneDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, 11);

export const companyRequestOf = (values: CompanyFormValues): CompanyRequest => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: values.phone,
  document: values.document.trim(),
  planId: Number(values.planId),
  status: values.status,
  dueDate: values.dueDate,
  recurrence: values.recurrence,
  paymentMethod: values.paymentMethod.trim(),
  addressStreet: values.addressStreet.trim(),
  addressCity: values.addressCity.trim(),
  addressState: values.addressState.trim(),
});

/**
 * An edit sends only what changed: company 1's due date, which never moves, is then never sent, and the
 * company's history records the fields the super user actually changed.
 */
export function companyChanges(company: CompanyRecord, values: CompanyFormValues): Partial<CompanyRequest> {
  const request = companyRequestOf(values);
  const changes: Partial<CompanyRequest> = {};
  for (const key of Object.keys(request) as (keyof CompanyRequest)[]) {
    if (request[key] !== company[key]) (changes as Record<string, unknown>)[key] = request[key];
  }
  return changes;
}

/** The due date's row is red when due today or overdue, yellow when due in 1 to 5 days. */
export function dueDateTone(dueDate: string, today: Date): 'overdue' | 'soon' | null {
  const days = daysUntil(dueDate, today);
  if (days <= 0) return 'overdue';
  if (days <= 5) return 'soon';
  return null;
}
