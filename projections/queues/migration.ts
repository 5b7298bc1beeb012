import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, companyKey, createTables, deletedFlag, integer, jsonb, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.queues': {
    comment: "Queues (departments) of each company: greeting, opening hours, rotation and the chatbot menu's root",
    columns: {
      ...companyKey,
      name: text.notNull(),
      color: text.notNull().comment("Lower-case CSS hex colour; unique among the company's live queues"),
      order_queue: integer.comment("Position in the greeting's numbered menu and in lists (null: after the ordered ones, by name)"),
      ativar_roteador: boolean.notNull().comment('Rotation on: a waiting ticket goes to the next online user of the queue in turn'),
      tempo_roteador: integer.notNull().comment('Rotation period in minutes (2, 5, 10, 15, 30, 45 or 60)'),
      greeting_message: text.notNull().comment('Sent when a contact enters the queue'),
      out_of_hours_message: text.notNull().comment("Sent outside the opening hours when the company's scheduleType is queue"),
      close_ticket: boolean.notNull().comment("Close the ticket once the queue's integration or chatbot has answered"),
      integration_id: integer.comment('Queue integration (dialogflow, n8n, webhook, typebot) that answers in this queue'),
      file_list_id: integer.comment('File list sent by this queue'),
      prompt_id: integer.comment('AI prompt bound to this queue'),
      schedules: jsonb
        .notNull()
        .comment("Opening hours: seven entries {weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB} in HH:mm, '' for an unused window"),
      ...stamps,
      ...deletedFlag('true: deleted; kept so tickets and history still name the queue'),
    },
    indexes: {
      queues_company_order: '(company_id, order_queue, lower(name)) where not deleted',
    },
  },
  'read.queue_options': {
    comment: 'Chatbot options of each queue, a tree: first-level options have no parent; the menu numbers siblings in id order',
    columns: {
      ...companyKey,
      queue_id: integer.notNull(),
      parent_id: integer.comment('Option this one is nested under; null for a first-level option of the queue'),
      name: text.notNull(),
      greeting_message: text.notNull().comment('Sent when the contact picks the option'),
      queue_type: text
        .notNull()
        .comment('What picking the option does: text (answer only), attendent (to a user), queue (to a queue), integration, file (send a file list)'),
      opt_queue_id: integer.comment('queue: the queue the ticket moves to; attendent: the queue the user takes it in'),
      opt_user_id: integer.comment('attendent: the user the ticket goes to'),
      opt_integration_id: integer.comment('integration: the queue integration that takes over'),
      opt_file_id: integer.comment('file: the file list sent'),
      close_ticket: boolean.notNull(),
      ...stamps,
      ...deletedFlag('true: removed from the menu; kept so history still names the option'),
    },
    indexes: {
      queue_options_tree: '(queue_id, parent_id, id) where not deleted',
    },
  },
};

export async function migrateQueues(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
