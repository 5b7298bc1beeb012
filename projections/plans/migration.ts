import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migratePlans(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.plans (
      id integer primary key,
      name text not null,
      users integer not null,
      connections integer not null,
      queues integer not null,
      amount numeric(12,2) not null,
      use_whatsapp boolean not null,
      use_facebook boolean not null,
      use_instagram boolean not null,
      use_campaigns boolean not null,
      use_schedules boolean not null,
      use_internal_chat boolean not null,
      use_external_api boolean not null,
      use_kanban boolean not null,
      use_open_ai boolean not null,
      use_integrations boolean not null,
      is_public boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    comment on table read.plans is 'Subscription plans: limits and feature flags. Deleted plans are removed.';
    comment on column read.plans.users is 'Maximum number of users of a company on this plan';
    comment on column read.plans.connections is 'Maximum number of channel connections';
    comment on column read.plans.queues is 'Maximum number of queues';
    comment on column read.plans.amount is 'Monthly price';
    comment on column read.plans.is_public is 'Offered on the public signup page';
  `.execute(db);
}
