import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, createTables, integer, integerArray, jsonb, text, timestamptz, type Tables } from '../ddl';

const tables: Tables = {
  'read.assignment_queues': {
    comment: 'Work settings of each queue that has any (QueueWorkSettingsSet); a queue without a row has assignment off and no SLA',
    columns: {
      queue_id: integer.primaryKey(),
      company_id: integer.notNull(),
      auto_assign: boolean.notNull().comment('Waiting tickets go to the online attendant with the most free capacity'),
      position_step: integer.notNull().comment('The contact is told her place again once it moved by more than this many places'),
      priority_tag_ids: integerArray.notNull().comment('Tickets of contacts with one of these tags go ahead in the line'),
      capacities: jsonb.notNull().comment('Array of {userId, capacity}: most open tickets of this queue per attendant; one not listed has no limit'),
      first_response_minutes: integer.comment('SLA target in business minutes from arrival to the first attendant message; null: none'),
      resolution_minutes: integer.comment('SLA target in business minutes from arrival to the close; null: none'),
    },
    indexes: {
      assignment_queues_company: '(company_id)',
    },
  },
  'read.assignment_agents': {
    comment: 'Availability of each user who ever chose one (UserStatusChanged); a user without a row is offline',
    columns: {
      user_id: integer.primaryKey(),
      company_id: integer.notNull(),
      status: text.notNull().comment('online, away or offline'),
      status_reason: text.notNull().comment('chosen (top bar), disconnected (sockets gone past the grace) or reconnected'),
      status_changed_at: timestamptz.notNull(),
      idle_since: timestamptz.notNull().comment('When she last received a ticket or came online: the longest idle wins a tie'),
    },
    indexes: {
      assignment_agents_online: "(company_id) where status = 'online'",
    },
  },
};

export async function migrateAssignment(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
