import { z } from 'zod';
import { defineEvent } from '../events/registry';
import { PlanFlagsSchema } from '../companies/settings';

export const PlanFields = PlanFlagsSchema.extend({
  name: z.string().trim().min(1).max(100),
  users: z.number().int().min(0),
  connections: z.number().int().min(0),
  queues: z.number().int().min(0),
  /** Monthly price as a decimal string ("0", "149.90"). */
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  isPublic: z.boolean(),
});
export type PlanFields = z.infer<typeof PlanFields>;

export const PlanCreated = defineEvent('PlanCreated', PlanFields.extend({ planId: z.number().int().positive() }));
export const PlanChanged = defineEvent('PlanChanged', z.object({ planId: z.number().int().positive(), changes: PlanFields.partial() }));
export const PlanDeleted = defineEvent('PlanDeleted', z.object({ planId: z.number().int().positive() }));

export const planEvents = [PlanCreated, PlanChanged, PlanDeleted];
export type PlanEvent =
  | { type: 'PlanCreated'; data: z.infer<typeof PlanCreated.schema> }
  | { type: 'PlanChanged'; data: z.infer<typeof PlanChanged.schema> }
  | { type: 'PlanDeleted'; data: z.infer<typeof PlanDeleted.schema> };

/** Every flag on: the plan of company 1 and the default for new plans (spec 2 §3). */
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
