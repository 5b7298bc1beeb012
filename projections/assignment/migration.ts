import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateAssignment(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.assignment_queues (
      queue_id integer primary key,
      company_id integer not null,
      auto_assign boolean not null,
      position_step integer not null,
      priority_tag_ids integer[] not null,
      capacities jsonb not null,
      first_response_minutes integer,
      resolution_minutes integer
    );
    create index if not exists assignment_queues_company on read.assignment_queues (company_id);
    comment on table read.assignment_queues is 'Work settings of each queue that has any (QueueWorkSettingsSet); a queue without a row has assignment off and no SLA';
    comment on column read.assignment_queues.auto_assign is 'Waiting tickets go to the online attendant with the most free capacity';
    comment on column read.assignment_queues.position_step is 'The contact is told her place again once it moved by more than this many places';
    comment on column read.assignment_queues.priority_tag_ids is 'Tickets of contacts with one of these tags go ahead in the line';
    comment on column read.assignment_queues.capacities is 'Array of {userId, capacity}: most open tickets of this queue per attendant; one not listed has no limit';
    comment on column read.assignment_queues.first_response_minutes is 'SLA target in business minutes from arrival to the first attendant message; null: none';
    comment on column read.assignment_queues.resolution_minutes is 'SLA target in business minutes from arrival to the close; null: none';
    create table if not exists read.assignment_agents (
      user_id integer primary key,
      company_id integer not null,
      status text not null,
      status_reason text not null,
      status_changed_at timestamptz not null,
      idle_since timestamptz not null
    );
    create index if not exists assignment_agents_online on read.assignment_agents (company_id) where status = 'online';
    comment on table read.assignment_agents is 'Availability of each user who ever chose one (UserStatusChanged); a user without a row is offline';
    comment on column read.assignment_agents.status is 'online, away or offline';
    comment on column read.assignment_agents.status_reason is 'chosen (top bar), disconnected (sockets gone past the grace) or reconnected';
    comment on column read.assignment_agents.idle_since is 'When she last received a ticket or came online: the longest idle wins a tie';
  `.execute(db);
}
