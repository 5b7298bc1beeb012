import { sql, type Kysely } from 'kysely';

export async function migrateUsers(db: Kysely<any>): Promise<void> {
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

    create schema if not exists auth;
    create table if not exists auth.user_credentials (
      user_id integer primary key,
      company_id integer not null,
      email text not null,
      password_hash text not null
    );
    create unique index if not exists user_credentials_email on auth.user_credentials (email);
  `.execute(db);
}
