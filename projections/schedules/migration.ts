import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, stamps, type Table } from '../ddl';

const schedules: Table = {
  name: 'read.schedules',
  comment: 'Messages scheduled to one contact at a chosen time; deleted ones are removed, their history stays in the event store',
  columns: {
    ...companyKey,
    contact_id: ['integer not null', 'Who receives it (read.contacts.id)'],
    ticket_id: ['integer', 'The ticket the schedule was written from, if any'],
    user_id: ['integer', 'Who the schedule belongs to (read.users.id)'],
    body: ['text not null', 'The message text'],
    send_at: ['timestamptz not null', 'When it is due'],
    sent_at: ['timestamptz', 'When the automation queued it to the contact'],
    status: ['text not null', 'PENDENTE (waiting), ENVIADA (sent) or ERRO (could not be sent)'],
    message_id: ['uuid', 'The message it became (read.messages id)'],
    sent_ticket_id: ['integer', 'The ticket it was sent on'],
    failure_reason: ['text', 'Why the last attempt failed (status ERRO)'],
    ...stamps,
  },
  indexes: {
    schedules_company: '(company_id, send_at desc, id desc)',
    schedules_contact: '(company_id, contact_id)',
    schedules_due: "(send_at) where status = 'PENDENTE'",
  },
};

export async function migrateSchedules(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, schedules);
}
