import { withSchemaLock } from '@conversa/platform';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { migratePresence } from './presence';

export async function migrateUsers(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.users (
      id integer primary key,
      company_id integer not null,
      name text not null,
      email text not null,
      profile text not null,
      super boolean not null,
      language text not null,
      profile_image text,
      start_work text not null,
      end_work text not null,
      farewell_message text not null,
      all_ticket text not null,
      allow_group boolean not null,
      default_menu text not null,
      default_theme text not null,
      whatsapp_id integer,
      queue_ids integer[] not null default '{}',
      show_dashboard boolean not null,
      allow_real_time boolean not null,
      allow_connections boolean not null,
      online boolean not null default false,
      online_changed_at timestamptz,
      deleted boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_login timestamptz
    );
    create index if not exists users_company on read.users (company_id, lower(name)) where not deleted;
    comment on table read.users is 'Attendants, supervisors and administrators of each company';
    comment on column read.users.profile is 'admin, supervisor or user';
    comment on column read.users.super is 'Platform super user (manages companies and plans)';
    comment on column read.users.all_ticket is 'enable: sees tickets of every queue, not only its own';
    comment on column read.users.queue_ids is 'Queues the user attends';
    comment on column read.users.whatsapp_id is 'Default connection of the user (spec: wpp / whatsappId), null when none';
    comment on column read.users.online is 'Browser open: true from the first userStatus ping until logout, the last socket closing or the pings stopping (UserWentOnline / UserWentOffline)';
    comment on column read.users.online_changed_at is 'When online last changed';
    comment on column read.users.deleted is 'Deleted users stay for history (ticket owners, audit) but cannot log in';
    create index if not exists users_company_online on read.users (company_id) where online and not deleted;
    alter table read.users add column if not exists phone text not null default '';
    comment on column read.users.phone is 'WhatsApp number (digits) a password reset code is sent to; empty when none';
  `.execute(db);
  // Schema auth is the connections read model's too: they migrate side by side.
  await withSchemaLock(db, (trx) =>
    sql`
      create schema if not exists auth;
      create table if not exists auth.user_credentials (
        user_id integer primary key,
        company_id integer not null,
        email text not null,
        password_hash text not null
      );
      create unique index if not exists user_credentials_email on auth.user_credentials (email);
    `.execute(trx),
  );
  await migratePresence(db);
}
