import type { ScheduleEntry } from './events';

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
  recurrence: string;
  paymentMethod: string;
  addressStreet: string;
  addressState: string;
  addressCity: string;
  /** Opening hours; a company that never saved any has the default week. */
  schedules: ScheduleEntry[];
  createdAt: string;
  lastLogin: string | null;
}
