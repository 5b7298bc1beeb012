import { recordProjector } from '../records';
import { migratePlans } from './migration';

// Plans are platform-wide (the super user's); no company subject to publish on.
export const plansProjector = recordProjector({
  name: 'plans',
  version: 1,
  table: 'read.plans',
  migrate: migratePlans,
  id: 'planId',
  created: 'PlanCreated',
  changed: 'PlanChanged',
  deleted: 'PlanDeleted',
  scope: 'platform',
  deletion: 'row',
  columns: {
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
  },
});
