import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { migratePresence } from './presence';
import {
  boolean,
  companyKey,
  createSchemaTables,
  createTables,
  deletedFlag,
  integer,
  integerArray,
  stamps,
  text,
  timestamptz,
  unique,
  type Tables,
} from '../ddl';

const readTables: Tables = {
  'read.users': {
    comment: 'Attendants, supervisors and administrators of each company',
    columns: {
      ...companyKey,
      name: text.notNull(),
      email: text.notNull(),
      profile: text.notNull().comment('admin, supervisor or user'),
      super: boolean.notNull().comment('Platform super user (manages companies and plans)'),
      language: text.notNull(),
      profile_image: text,
      start_work: text.notNull(),
      end_work: text.notNull(),
      farewell_message: text.notNull(),
      all_ticket: text.notNull().comment('enable: sees tickets of every queue, not only its own'),
      allow_group: boolean.notNull(),
      default_menu: text.notNull(),
      default_theme: text.notNull(),
      whatsapp_id: integer.comment('Default connection of the user (spec: wpp / whatsappId), null when none'),
      queue_ids: integerArray.notNull().default('{}').comment('Queues the user attends'),
      show_dashboard: boolean.notNull(),
      allow_real_time: boolean.notNull(),
      allow_connections: boolean.notNull(),
      online: boolean
        .notNull()
        .default(false)
        .comment(
          'Browser open: true from the first userStatus ping until logout, the last socket closing or the pings stopping (UserWentOnline / UserWentOffline)',
        ),
      online_changed_at: timestamptz.comment('When online last changed'),
      ...deletedFlag('Deleted users stay for history (ticket owners, audit) but cannot log in'),
      ...stamps,
      last_login: timestamptz,
    },
    added: {
      phone: text.notNull().default('').comment('WhatsApp number (digits) a password reset code is sent to; empty when none'),
    },
    indexes: {
      users_company: '(company_id, lower(name)) where not deleted',
      users_company_online: '(company_id) where online and not deleted',
    },
  },
};

const authTables: Tables = {
  'auth.user_credentials': {
    columns: {
      user_id: integer.primaryKey(),
      company_id: integer.notNull(),
      email: text.notNull(),
      password_hash: text.notNull(),
    },
    indexes: {
      user_credentials_email: unique('(email)'),
    },
  },
};

export async function migrateUsers(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, readTables);
  // Schema auth is the connections read model's too: they migrate side by side.
  await createSchemaTables(db, 'auth', authTables);
  await migratePresence(db);
}
