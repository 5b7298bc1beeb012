import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { CompanySettingsSchema, type CompanySettingKey } from './settings';
import { RealDate, RecordId, safeText } from '../common/bounds';

export const Recurrence = z.enum(['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']);
export type Recurrence = z.infer<typeof Recurrence>;
/** A calendar day, YYYY-MM-DD (Postgres `date`). */
export const IsoDate = RealDate;

export const ScheduleEntry = z.object({
  weekday: safeText(),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTimeA: safeText().regex(/^(\d{2}:\d{2})?$/),
  endTimeA: safeText().regex(/^(\d{2}:\d{2})?$/),
  startTimeB: safeText().regex(/^(\d{2}:\d{2})?$/),
  endTimeB: safeText().regex(/^(\d{2}:\d{2})?$/),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;

export const CompanyDetails = z.object({
  name: safeText().trim().min(2).max(50),
  email: safeText().trim().max(200),
  phone: safeText().max(30),
  document: safeText().max(30),
  paymentMethod: safeText().max(50),
  addressStreet: safeText().max(200),
  addressState: safeText().max(100),
  addressCity: safeText().max(100),
  recurrence: Recurrence,
  status: z.boolean(),
});
export type CompanyDetails = z.infer<typeof CompanyDetails>;

/** A company's details with the optional ones left blank: what a sign-up or the seed does not ask for. */
export const companyDetails = (required: Pick<CompanyDetails, 'name' | 'email'> & Partial<CompanyDetails>): CompanyDetails => ({
  phone: '',
  document: '',
  paymentMethod: '',
  addressStreet: '',
  addressState: '',
  addressCity: '',
  recurrence: 'MENSAL',
  status: true,
  ...Object.fromEntries(Object.entries(required).filter(([, value]) => value !== undefined)),
  name: required.name,
  email: required.email,
});

export const CompanyRegistered = defineEvent(
  'CompanyRegistered',
  CompanyDetails.extend({
    companyId: RecordId,
    planId: RecordId,
    dueDate: IsoDate,
    /** How the company came to be: the first start's seed, self-service signup or a super user. */
    via: z.enum(['seed', 'signup', 'admin']),
  }),
);
export const CompanyDetailsChanged = defineEvent('CompanyDetailsChanged', z.object({ companyId: RecordId, changes: CompanyDetails.partial() }));
export const CompanyPlanChanged = defineEvent('CompanyPlanChanged', z.object({ companyId: RecordId, planId: RecordId }));
export const CompanyDueDateSet = defineEvent('CompanyDueDateSet', z.object({ companyId: RecordId, dueDate: IsoDate }));
export const CompanySettingChanged = defineEvent(
  'CompanySettingChanged',
  z.object({
    companyId: RecordId,
    key: z.enum(Object.keys(CompanySettingsSchema.shape) as [CompanySettingKey, ...CompanySettingKey[]]),
    value: safeText().max(2000),
  }),
);
export const CompanySchedulesSet = defineEvent('CompanySchedulesSet', z.object({ companyId: RecordId, schedules: z.array(ScheduleEntry).max(7) }));
export const CompanyDeleted = defineEvent('CompanyDeleted', z.object({ companyId: RecordId }));

export const companyEvents = [
  CompanyRegistered,
  CompanyDetailsChanged,
  CompanyPlanChanged,
  CompanyDueDateSet,
  CompanySettingChanged,
  CompanySchedulesSet,
  CompanyDeleted,
];
export type CompanyEvent = EventUnion<typeof companyEvents>;

/** Company 1 never expires. */
export const NEVER_EXPIRES = '2999-12-31';
