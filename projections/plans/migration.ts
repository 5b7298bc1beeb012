import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, stamps, type Table } from '../ddl';

const plans: Table = {
  name: 'read.plans',
  comment: 'Subscription plans: limits and feature flags. Deleted plans are removed.',
  columns: {
    id: 'integer primary key',
    name: 'text not null',
    users: ['integer not null', 'Maximum number of users of a company on this plan'],
    connections: ['integer not null', 'Maximum number of channel connections'],
    queues: ['integer not null', 'Maximum number of queues'],
    amount: ['numeric(12,2) not null', 'Monthly price'],
    use_whatsapp: 'boolean not null',
    use_facebook: 'boolean not null',
    use_instagram: 'boolean not null',
    use_campaigns: 'boolean not null',
    use_schedules: 'boolean not null',
    use_internal_chat: 'boolean not null',
    use_external_api: 'boolean not null',
    use_kanban: 'boolean not null',
    use_open_ai: 'boolean not null',
    use_integrations: 'boolean not null',
    is_public: ['boolean not null', 'Offered on the public signup page'],
    ...stamps,
  },
};

export async function migratePlans(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, plans);
}
