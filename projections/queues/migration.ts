import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateQueues(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.queues (
      id integer primary key,
      company_id integer not null,
      name text not null,
      color text not null,
      order_queue integer,
      ativar_roteador boolean not null,
      tempo_roteador integer not null,
      greeting_message text not null,
      out_of_hours_message text not null,
      close_ticket boolean not null,
      integration_id integer,
      file_list_id integer,
      prompt_id integer,
      schedules jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists queues_company_order on read.queues (company_id, order_queue, lower(name)) where not deleted;
    comment on table read.queues is 'Queues (departments) of each company: greeting, opening hours, rotation and the chatbot menu''s root';
    comment on column read.queues.color is 'Lower-case CSS hex colour; unique among the company''s live queues';
    comment on column read.queues.order_queue is 'Position in the greeting''s numbered menu and in lists (null: after the ordered ones, by name)';
    comment on column read.queues.ativar_roteador is 'Rotation on: a waiting ticket goes to the next online user of the queue in turn';
    comment on column read.queues.tempo_roteador is 'Rotation period in minutes (2, 5, 10, 15, 30, 45 or 60)';
    comment on column read.queues.greeting_message is 'Sent when a contact enters the queue';
    comment on column read.queues.out_of_hours_message is 'Sent outside the opening hours when the company''s scheduleType is queue';
    comment on column read.queues.close_ticket is 'Close the ticket once the queue''s integration or chatbot has answered';
    comment on column read.queues.integration_id is 'Queue integration (dialogflow, n8n, webhook, typebot) that answers in this queue';
    comment on column read.queues.file_list_id is 'File list sent by this queue';
    comment on column read.queues.prompt_id is 'AI prompt bound to this queue';
    comment on column read.queues.schedules is 'Opening hours: seven entries {weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB} in HH:mm, '''' for an unused window';
    comment on column read.queues.deleted is 'true: deleted; kept so tickets and history still name the queue';

    create table if not exists read.queue_options (
      id integer primary key,
      company_id integer not null,
      queue_id integer not null,
      parent_id integer,
      name text not null,
      greeting_message text not null,
      queue_type text not null,
      opt_queue_id integer,
      opt_user_id integer,
      opt_integration_id integer,
      opt_file_id integer,
      close_ticket boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists queue_options_tree on read.queue_options (queue_id, parent_id, id) where not deleted;
    comment on table read.queue_options is 'Chatbot options of each queue, a tree: first-level options have no parent; the menu numbers siblings in id order';
    comment on column read.queue_options.parent_id is 'Option this one is nested under; null for a first-level option of the queue';
    comment on column read.queue_options.greeting_message is 'Sent when the contact picks the option';
    comment on column read.queue_options.queue_type is 'What picking the option does: text (answer only), attendent (to a user), queue (to a queue), integration, file (send a file list)';
    comment on column read.queue_options.opt_queue_id is 'queue: the queue the ticket moves to; attendent: the queue the user takes it in';
    comment on column read.queue_options.opt_user_id is 'attendent: the user the ticket goes to';
    comment on column read.queue_options.opt_integration_id is 'integration: the queue integration that takes over';
    comment on column read.queue_options.opt_file_id is 'file: the file list sent';
    comment on column read.queue_options.deleted is 'true: removed from the menu; kept so history still names the option';
  `.execute(db);
}
