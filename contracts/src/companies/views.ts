import type { Recurrence, ScheduleEntry } from './events';
import type { CompanySettingKey, CompanySettings } from './settings';

/** A company as the API shows it. */
export interface CompanyView {
  id: number;
  name: string;
  email: string;
  phone: string;
  document: string;
  planId: number;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  paymentMethod: string;
  addressStreet: string;
  addressState: string;
  addressCity: string;
  /** Opening hours; a company that never saved any has the default week. */
  schedules: ScheduleEntry[];
  createdAt: string;
  lastLogin: string | null;
}

/** One company setting as GET /settings, PUT /settings/{key} and the `settings` frames carry it (asaas masked). */
export interface SettingView {
  key: CompanySettingKey;
  value: string;
}

/** `settings` frame body (projections/companies/projector.ts): one setting that changed. */
export interface SettingFrame {
  action: 'update';
  setting: SettingView;
}

/** GET /companySettings/{companyId}: every setting of the company (asaas masked), with the company's id. */
export type CompanySettingsView = CompanySettings & { companyId: number };
