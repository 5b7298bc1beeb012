import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, type Table } from '../ddl';

const assignmentQueues: Table = {
  name: 'read.assignment_queues',
  comment: 'Work settings of each queue that has any (QueueWorkSettingsSet); a queue without a row has assignment off and no SLA',
  columns: {
    queue_id: 'integer primary key',
    company_id: 'integer not null',
    auto_assign: ['boolean not null', 'Waiting tickets go to the online attendant with the most free capacity'],
    position_step: ['integer not null', 'The contact is told her place again once it moved by more than this many places'],
    priority_tag_ids: ['integer[] not null', 'Tickets of contacts with one of these tags go ahead in the line'],
    capacities: ['jsonb not null', 'Array of {userId, capacity}: most open tickets of this queue per attendant; one not listed has no limit'],
    first_response_minutes: ['integer', 'SLA target in business minutes from arrival to the first attendant message; null: none'],
    resolution_minutes: ['integer', 'SLA target in business minutes from arrival to the close; null: none'],
  },
  indexes: {
    assignment_queues_company: '(company_id)',
  },
};

const assignmentAgents: Table = {
  name: 'read.assignment_agents',
  comment: 'Availability of each user who ever chose one (UserStatusChanged); a user without a row is offline',
  columns: {
    user_id: 'integer primary key',
    company_id: 'integer not null',
    status: ['text not null', 'online, away or offline'],
    status_reason: ['text not null', 'chosen (top bar), disconnected (sockets gone past the grace) or reconnected'],
    status_changed_at: 'timestamptz not null',
    idle_since: ['timestamptz not null', 'When she last received a ticket or came online: the longest idle wins a tie'],
  },
  indexes: {
    assignment_agents_online: "(company_id) where status = 'online'",
  },
};

export async function migrateAssignment(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, assignmentQueues, assignmentAgents);
}
