import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, companyKey, createTables, deletedFlag, integer, stamps, text, timestamptz, unique, type Tables } from '../ddl';

const tables: Tables = {
  'read.contact_lists': {
    comment: 'Named lists of numbers a campaign sends to',
    columns: {
      ...companyKey,
      name: text.notNull(),
      ...stamps,
      ...deletedFlag('true: deleted; campaigns that named it keep their plan'),
    },
    indexes: {
      contact_lists_company_name: '(company_id, lower(name)) where not deleted',
    },
  },
  'read.contact_list_items': {
    comment: 'The numbers of a contact list (removed items are deleted rows)',
    columns: {
      ...companyKey,
      contact_list_id: integer.notNull(),
      name: text.notNull(),
      number: text.notNull().comment('E.164 digits without +, as WhatsApp addresses the number'),
      email: text.notNull(),
      is_whatsapp_valid: boolean.comment("The channel's answer whether the number has WhatsApp; null until it answered"),
      number_digest: text.comment(
        "The number's keyed digest (SECRETS_KEY): an erasure of the number removes the item; null for items recorded before it existed",
      ),
      ...stamps,
    },
    indexes: {
      contact_list_items_list: '(contact_list_id, lower(name), id)',
      contact_list_items_unchecked: '(contact_list_id) where is_whatsapp_valid is null',
      contact_list_items_digest: '(company_id, number_digest)',
    },
  },
  'read.campaign_optouts': {
    comment: "Numbers that answered an opt-out word: no campaign of the company reaches them (the items' opted-out mark)",
    columns: {
      company_id: integer.notNull(),
      number: text.comment('null once the number was erased (LGPD): the opt-out stays as its digest'),
      number_digest: text.comment("The number's keyed digest (SECRETS_KEY), what an erasure finds the opt-out by"),
      word: text.notNull().comment("The word they answered (SAIR, PARAR, STOP or the company's own)"),
      at: timestamptz.notNull(),
    },
    indexes: {
      campaign_optouts_number: unique('(company_id, number)'),
      campaign_optouts_digest: '(company_id, number_digest)',
    },
  },
};

export async function migrateContactLists(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
