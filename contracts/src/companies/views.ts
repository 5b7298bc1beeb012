import { z } from 'zod';
import { PlanSchema } from './settings';
import { Recurrence, ScheduleEntry } from './events';
import { CompanySettingsSchema, type CompanySettingKey } from './settings';

/** A company as the API shows it. */
export const CompanyView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  document: z.string(),
  planId: z.number(),
  status: z.boolean(),
  dueDate: z.string(),
  recurrence: Recurrence,
  paymentMethod: z.string(),
  addressStreet: z.string(),
  addressState: z.string(),
  addressCity: z.string(),
  /** Opening hours; a company that never saved any has the default week. */
  schedules: z.array(ScheduleEntry),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type CompanyView = z.infer<typeof CompanyView>;

/** GET /companies/listPlan/{id}: the company with its plan. */
export const CompanyWithPlan = CompanyView.extend({ plan: PlanSchema.nullable() });

const SettingKey = z.enum(Object.keys(CompanySettingsSchema.shape) as [CompanySettingKey, ...CompanySettingKey[]]);

/** One company setting as GET /settings, PUT /settings/{key} and the `settings` frames carry it (asaas masked). */
export const SettingView = z.object({ key: SettingKey, value: z.string() });
export type SettingView = z.infer<typeof SettingView>;

/** `settings` frame body (projections/companies/projector.ts): one setting that changed. */
export const SettingFrame = z.object({ action: z.literal('update'), setting: SettingView });
export type SettingFrame = z.infer<typeof SettingFrame>;

/** GET /companySettings/{companyId}: every setting of the company (asaas masked), with the company's id. */
export const CompanySettingsView = CompanySettingsSchema.extend({ companyId: z.number() });
export type CompanySettingsView = z.infer<typeof CompanySettingsView>;

/** GET /settings/retention: messageRetentionDays as days (null: contents kept for ever) and the last run (MessageContentsExpired). */
export const RetentionView = z
  .object({
    days: z.number().int().nullable(),
    lastRun: z.object({ at: z.string(), before: z.string(), days: z.number().int() }).nullable(),
  })
  .meta({ id: 'RetentionView' });
export type RetentionView = z.infer<typeof RetentionView>;
