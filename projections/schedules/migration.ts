import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, integer, stamps, text, timestamptz, uuid, type Tables } from '../ddl';

const tables: Tables = {
  'read.schedules': {
    comment: 'Messages scheduled to one contact at a chosen time; deleted ones are removed, their history stays in the event store',
    columns: {
      ...companyKey,
      contact_id: integer.notNull().comment('Who receives it (read.contacts.id)'),
      ticket_id: integer.comment('The ticket the schedule was written from, if any'),
      user_id: integer.comment('Who the schedule belongs to (read.users.id)'),
      body: text.notNull().comment('The message text'),
      send_at: timestamptz.notNull().comment('When it is due'),
      sent_at: timestamptz.comment('When the automation queued it to the contact'),
      status: text.notNull().comment('PENDENTE (waiting), ENVIADA (sent) or ERRO (could not be sent)'),
      message_id: uuid.comment('The message it became (read.messages id)'),
      sent_ticket_id: integer.comment('The ticket it was sent on'),
      failure_reason: text.comment('Why the last attempt failed (status ERRO)'),
      ...stamps,
    },
    indexes: {
      schedules_company: '(company_id, send_at desc, id desc)',
      schedules_contact: '(company_id, contact_id)',
      schedules_due: "(send_at) where status = 'PENDENTE'",
    },
  },
};

export async function migrateSchedules(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
