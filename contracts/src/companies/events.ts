import { z } from 'zod';
import { defineEvent } from '../events/registry';
import { CompanySettingsSchema } from './settings';

export const Recurrence = z.enum(['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']);
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');

export const ScheduleEntry = z.object({
  weekday: z.string(),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTimeA: z.string().regex(/^(\d{2}:\d{2})?$/),
  endTimeA: z.string().regex(/^(\d{2}:\d{2})?$/),
  startTimeB: z.string().regex(/^(\d{2}:\d{2})?$/),
  endTimeB: z.string().regex(/^(\d{2}:\d{2})?$/),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;

export const CompanyDetails = z.object({
  name: z.string().trim().min(2).max(50),
  email: z.string().trim().max(200),
  phone: z.string().max(30),
  document: z.string().max(30),
  paymentMethod: z.string().max(50),
  addressStreet: z.string().max(200),
  addressState: z.string().max(100),
  addressCity: z.string().max(100),
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
    companyId: z.number().int().positive(),
    planId: z.number().int().positive(),
    dueDate: IsoDate,
    /** How the company came to be: the first start's seed, self-service signup or a super user. */
    via: z.enum(['seed', 'signup', 'admin']),
  }),
);
export const CompanyDetailsChanged = defineEvent('CompanyDetailsChanged', z.object({ companyId: z.number().int().positive(), changes: CompanyDetails.partial() }));
export const CompanyPlanChanged = defineEvent('CompanyPlanChanged', z.object({ companyId: z.number().int().positive(), planId: z.number().int().positive() }));
export const CompanyDueDateSet = defineEvent('CompanyDueDateSet', z.object({ companyId: z.number().int().positive(), dueDate: IsoDate }));
export const CompanySettingChanged = defineEvent(
  'CompanySettingChanged',
  z.object({ companyId: z.number().int().positive(), key: z.enum(Object.keys(CompanySettingsSchema.shape) as [string, ...string[]]), value: z.string().max(2000) }),
);
export const CompanySchedulesSet = defineEvent('CompanySchedulesSet', z.object({ companyId: z.number().int().positive(), schedules: z.array(ScheduleEntry).max(7) }));
export const CompanyDeleted = defineEvent('CompanyDeleted', z.object({ companyId: z.number().int().positive() }));

export const companyEvents = [CompanyRegistered, CompanyDetailsChanged, CompanyPlanChanged, CompanyDueDateSet, CompanySettingChanged, CompanySchedulesSet, CompanyDeleted];
type D<T extends { schema: z.ZodType }> = z.infer<T['schema']>;
export type CompanyEvent =
  | { type: 'CompanyRegistered'; data: D<typeof CompanyRegistered> }
  | { type: 'CompanyDetailsChanged'; data: D<typeof CompanyDetailsChanged> }
  | { type: 'CompanyPlanChanged'; data: D<typeof CompanyPlanChanged> }
  | { type: 'CompanyDueDateSet'; data: D<typeof CompanyDueDateSet> }
  | { type: 'CompanySettingChanged'; data: D<typeof CompanySettingChanged> }
  | { type: 'CompanySchedulesSet'; data: D<typeof CompanySchedulesSet> }
  | { type: 'CompanyDeleted'; data: D<typeof CompanyDeleted> };

/** Company 1 never expires (spec 1 §4). */
export const NEVER_EXPIRES = '2999-12-31';
