import type { PlanFields, RecordedEvent } from '@conversa/contracts';
import { defineProjector } from '@conversa/projector';
import { migratePlans } from './migration';

const toRow = (fields: Partial<PlanFields>) => ({
  name: fields.name,
  users: fields.users,
  connections: fields.connections,
  queues: fields.queues,
  amount: fields.amount,
  use_whatsapp: fields.useWhatsapp,
  use_facebook: fields.useFacebook,
  use_instagram: fields.useInstagram,
  use_campaigns: fields.useCampaigns,
  use_schedules: fields.useSchedules,
  use_internal_chat: fields.useInternalChat,
  use_external_api: fields.useExternalApi,
  use_kanban: fields.useKanban,
  use_open_ai: fields.useOpenAi,
  use_integrations: fields.useIntegrations,
  is_public: fields.isPublic,
});

const defined = <T extends object>(row: T): Partial<T> => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as Partial<T>;

export const plansProjector = defineProjector({
  name: 'plans',
  version: 1,
  eventTypes: ['PlanCreated', 'PlanChanged', 'PlanDeleted'],
  tables: ['read.plans'],
  migrate: migratePlans,
  async handle(trx, events: readonly RecordedEvent[]) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const data = event.data as any;
      switch (event.type) {
        case 'PlanCreated': {
          const { planId, ...fields } = data;
          await trx
            .insertInto('read.plans')
            .values({ id: planId, ...toRow(fields), created_at: at, updated_at: at } as any)
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'PlanChanged':
          await trx.updateTable('read.plans').set({ ...defined(toRow(data.changes)), updated_at: at }).where('id', '=', data.planId).execute();
          break;
        case 'PlanDeleted':
          await trx.deleteFrom('read.plans').where('id', '=', data.planId).execute();
          break;
      }
    }
    // Plans are platform-wide (the super user's); no company subject to publish on.
    return [];
  },
});
