import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateContactLists(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.contact_lists (
      id integer primary key,
      company_id integer not null,
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists contact_lists_company_name on read.contact_lists (company_id, lower(name)) where not deleted;
    comment on table read.contact_lists is 'Named lists of numbers a campaign sends to';
    comment on column read.contact_lists.deleted is 'true: deleted; campaigns that named it keep their plan';
    create table if not exists read.contact_list_items (
      id integer primary key,
      company_id integer not null,
      contact_list_id integer not null,
      name text not null,
      number text not null,
      email text not null,
      is_whatsapp_valid boolean,
      number_digest text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists contact_list_items_list on read.contact_list_items (contact_list_id, lower(name), id);
    create index if not exists contact_list_items_unchecked on read.contact_list_items (contact_list_id) where is_whatsapp_valid is null;
    create index if not exists contact_list_items_digest on read.contact_list_items (company_id, number_digest);
    comment on column read.contact_list_items.number_digest is 'The number''s keyed digest (SECRETS_KEY): an erasure of the number removes the item; null for items recorded before it existed';
    comment on table read.contact_list_items is 'The numbers of a contact list (removed items are deleted rows)';
    comment on column read.contact_list_items.number is 'E.164 digits without +, as WhatsApp addresses the number';
    create table if not exists read.campaign_optouts (
      company_id integer not null,
      number text,
      number_digest text,
      word text not null,
      at timestamptz not null
    );
    create unique index if not exists campaign_optouts_number on read.campaign_optouts (company_id, number);
    create index if not exists campaign_optouts_digest on read.campaign_optouts (company_id, number_digest);
    comment on column read.campaign_optouts.number is 'null once the number was erased (LGPD): the opt-out stays as its digest';
    comment on column read.campaign_optouts.number_digest is 'The number''s keyed digest (SECRETS_KEY), what an erasure finds the opt-out by';
    comment on table read.campaign_optouts is 'Numbers that answered an opt-out word: no campaign of the company reaches them (the items'' opted-out mark)';
    comment on column read.campaign_optouts.word is 'The word they answered (SAIR, PARAR, STOP or the company''s own)';
    comment on column read.contact_list_items.is_whatsapp_valid is 'The channel''s answer whether the number has WhatsApp; null until it answered';
  `.execute(db);
}
