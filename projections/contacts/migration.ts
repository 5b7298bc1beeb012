import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateContacts(db: Kysely<ReadDatabase>): Promise<void> {
  // Trigram indexes serve the substring search (like '%…%') on names and e-mails.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table if not exists read.contacts (
      id integer primary key,
      company_id integer not null,
      name text not null,
      number text not null,
      email text not null default '',
      profile_pic_url text,
      active boolean not null,
      disable_bot boolean not null,
      accept_audio_message boolean not null,
      channel text not null,
      is_group boolean not null,
      extra_info jsonb not null default '[]',
      lgpd_accepted_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    -- The list's order (name, then id): the first page is the index's first rows, no sort. It also holds
    -- every column a search by part of a name or e-mail tests, so a common term walks it without the table
    -- (an index-only scan, projections/contacts/search.ts); it replaced contacts_company_name_id.
    create index if not exists contacts_company_name_covering on read.contacts (company_id, lower(name), id) include (name, email, channel, is_group) where not deleted;
    drop index if exists read.contacts_company_name_id;
    drop index if exists read.contacts_company_name;
    -- Part of a name or e-mail: trigrams.
    create index if not exists contacts_name_trgm on read.contacts using gin (lower(name) gin_trgm_ops);
    create index if not exists contacts_email_trgm on read.contacts using gin (email gin_trgm_ops);
    -- Part of a number: its start (with the country code, without it, or without country and area code) or its end,
    -- each a btree prefix range. Numbers share their leading digits too widely for trigrams to narrow a search.
    create index if not exists contacts_number_start on read.contacts (company_id, number text_pattern_ops) where not deleted;
    create index if not exists contacts_number_national on read.contacts (company_id, substr(number, 3) text_pattern_ops) where not deleted;
    create index if not exists contacts_number_local on read.contacts (company_id, substr(number, 5) text_pattern_ops) where not deleted;
    create index if not exists contacts_number_end on read.contacts (company_id, reverse(number) text_pattern_ops) where not deleted;
    drop index if exists read.contacts_number_trgm;
    drop index if exists read.contacts_company_name_trgm;
    drop index if exists read.contacts_company_number_trgm;
    drop index if exists read.contacts_company_email_trgm;
    comment on table read.contacts is 'People and groups the companies talk to on their channels, one row per contact, current state';
    comment on column read.contacts.company_id is 'Company the contact belongs to';
    comment on column read.contacts.number is 'Phone number as digits with country code (E.164 without +); for groups and Facebook/Instagram, the id the channel gave';
    comment on column read.contacts.email is 'E-mail address, empty when unknown';
    comment on column read.contacts.profile_pic_url is 'Picture URL from the channel, if any';
    comment on column read.contacts.active is 'false: the contact is blocked';
    comment on column read.contacts.disable_bot is 'true: the chatbot does not answer this contact';
    comment on column read.contacts.accept_audio_message is 'true: audio messages from the contact are accepted';
    comment on column read.contacts.channel is 'whatsapp, whatsapp_cloud, facebook, instagram or sandbox';
    comment on column read.contacts.is_group is 'true: a group conversation, not a person';
    comment on column read.contacts.extra_info is 'Free fields as a JSON list of {name, value}';
    comment on column read.contacts.lgpd_accepted_at is 'When the contact accepted the data-protection (LGPD) terms, if ever';
    comment on column read.contacts.deleted is 'true: deleted; kept so history still names the contact';
    alter table read.contacts add column if not exists erased boolean not null default false;
    comment on column read.contacts.erased is 'true: erased under the LGPD (ContactErased): name, number, e-mail, picture and free fields are blank for good, and deleted is true; its tickets show it as a removed contact';

    create table if not exists read.contact_tags (
      company_id integer not null,
      contact_id integer not null,
      tag_id integer not null,
      primary key (contact_id, tag_id)
    );
    create index if not exists contact_tags_tag on read.contact_tags (tag_id);
    comment on table read.contact_tags is 'Tags of each contact (a ticket shows its contact''s tags); join read.tags for names and colours';
  `.execute(db);
}
