import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, createTables, integer, numeric, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.plans': {
    comment: 'Subscription plans: limits and feature flags. Deleted plans are removed.',
    columns: {
      id: integer.primaryKey(),
      name: text.notNull(),
      users: integer.notNull().comment('Maximum number of users of a company on this plan'),
      connections: integer.notNull().comment('Maximum number of channel connections'),
      queues: integer.notNull().comment('Maximum number of queues'),
      amount: numeric(12, 2).notNull().comment('Monthly price'),
      use_whatsapp: boolean.notNull(),
      use_facebook: boolean.notNull(),
      use_instagram: boolean.notNull(),
      use_campaigns: boolean.notNull(),
      use_schedules: boolean.notNull(),
      use_internal_chat: boolean.notNull(),
      use_external_api: boolean.notNull(),
      use_kanban: boolean.notNull(),
      use_open_ai: boolean.notNull(),
      use_integrations: boolean.notNull(),
      is_public: boolean.notNull().comment('Offered on the public signup page'),
      ...stamps,
    },
  },
};

export async function migratePlans(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
