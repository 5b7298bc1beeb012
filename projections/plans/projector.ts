import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { migratePlans } from './migration';
import type { PlansTable } from './tables';

const toRow = fieldColumns<PlansTable>()({
  name: 'name',
  users: 'users',
  connections: 'connections',
  queues: 'queues',
  amount: 'amount',
  useWhatsapp: 'use_whatsapp',
  useFacebook: 'use_facebook',
  useInstagram: 'use_instagram',
  useCampaigns: 'use_campaigns',
  useSchedules: 'use_schedules',
  useInternalChat: 'use_internal_chat',
  useExternalApi: 'use_external_api',
  useKanban: 'use_kanban',
  useOpenAi: 'use_open_ai',
  useIntegrations: 'use_integrations',
  isPublic: 'is_public',
});

export const plansProjector = defineProjector({
  name: 'plans',
  version: 1,
  eventTypes: ['PlanCreated', 'PlanChanged', 'PlanDeleted'],
  tables: ['read.plans'],
  migrate: migratePlans,
  async handle(trx: Transaction<ReadDatabase>, events) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const { type, data } = event;
      switch (type) {
        case 'PlanCreated': {
          const { planId, ...fields } = data;
          await trx
            .insertInto('read.plans')
            .values({ id: planId, ...toRow(fields), created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'PlanChanged':
          await trx.updateTable('read.plans').set({ ...toRow(data.changes), updated_at: at }).where('id', '=', data.planId).execute();
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
