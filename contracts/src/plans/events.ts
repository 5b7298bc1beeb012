import { z } from 'zod';
import type { EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { PlanFlagsSchema } from '../companies/settings';
import { Count32, safeText } from '../common/bounds';

export const PlanFields = PlanFlagsSchema.extend({
  name: safeText().trim().min(1).max(100),
  users: Count32,
  connections: Count32,
  queues: Count32,
  /** Monthly price as a decimal string ("0", "149.90"). */
  amount: safeText().regex(/^\d{1,10}(\.\d{1,2})?$/, 'amount: at most 10 digits and 2 decimals'),
  isPublic: z.boolean(),
});
export type PlanFields = z.infer<typeof PlanFields>;

export const { created: PlanCreated, changed: PlanChanged, deleted: PlanDeleted } = recordEvents('Plan', 'planId', PlanFields);

export const planEvents = [PlanCreated, PlanChanged, PlanDeleted];
export type PlanEvent = EventUnion<typeof planEvents>;

/** Every flag on: the plan of company 1 and the default for new plans. */
export const allPlanFlagsOn = {
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
} as const;
