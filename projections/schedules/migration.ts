import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateSchedules(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.schedules (
      id integer primary key,
      company_id integer not null,
      contact_id integer not null,
      ticket_id integer,
      user_id integer,
      body text not null,
      send_at timestamptz not null,
      sent_at timestamptz,
      status text not null,
      message_id uuid,
      sent_ticket_id integer,
      failure_reason text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists schedules_company on read.schedules (company_id, send_at desc, id desc);
    create index if not exists schedules_contact on read.schedules (company_id, contact_id);
    create index if not exists schedules_due on read.schedules (send_at) where status = 'PENDENTE';
    comment on table read.schedules is 'Messages scheduled to one contact at a chosen time; deleted ones are removed, their history stays in the event store';
    comment on column read.schedules.contact_id is 'Who receives it (read.contacts.id)';
    comment on column read.schedules.ticket_id is 'The ticket the schedule was written from, if any';
    comment on column read.schedules.user_id is 'Who the schedule belongs to (read.users.id)';
    comment on column read.schedules.body is 'The message text';
    comment on column read.schedules.send_at is 'When it is due';
    comment on column read.schedules.sent_at is 'When the automation queued it to the contact';
    comment on column read.schedules.status is 'PENDENTE (waiting), ENVIADA (sent) or ERRO (could not be sent)';
    comment on column read.schedules.message_id is 'The message it became (read.messages id)';
    comment on column read.schedules.sent_ticket_id is 'The ticket it was sent on';
    comment on column read.schedules.failure_reason is 'Why the last attempt failed (status ERRO)';
  `.execute(db);
}
