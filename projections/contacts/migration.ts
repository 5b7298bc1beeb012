import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, createTables, deletedFlag, integer, jsonb, stamps, text, timestamptz, type Tables } from '../ddl';

const tables: Tables = {
  'read.contacts': {
    comment: 'People and groups the companies talk to on their channels, one row per contact, current state',
    columns: {
      id: integer.primaryKey(),
      company_id: integer.notNull().comment('Company the contact belongs to'),
      name: text.notNull(),
      number: text.notNull().comment('Phone number as digits with country code (E.164 without +); for groups and Facebook/Instagram, the id the channel gave'),
      email: text.notNull().default('').comment('E-mail address, empty when unknown'),
      profile_pic_url: text.comment('Picture URL from the channel, if any'),
      active: boolean.notNull().comment('false: the contact is blocked'),
      disable_bot: boolean.notNull().comment('true: the chatbot does not answer this contact'),
      accept_audio_message: boolean.notNull().comment('true: audio messages from the contact are accepted'),
      channel: text.notNull().comment('whatsapp, whatsapp_cloud, facebook, instagram or sandbox'),
      is_group: boolean.notNull().comment('true: a group conversation, not a person'),
      extra_info: jsonb.notNull().default('[]').comment('Free fields as a JSON list of {name, value}'),
      lgpd_accepted_at: timestamptz.comment('When the contact accepted the data-protection (LGPD) terms, if ever'),
      ...stamps,
      ...deletedFlag('true: deleted; kept so history still names the contact'),
    },
    added: {
      erased: boolean
        .notNull()
        .default(false)
        .comment(
          'true: erased under the LGPD (ContactErased): name, number, e-mail, picture and free fields are blank for good, and deleted is true; its tickets show it as a removed contact',
        ),
    },
    indexes: {
      // The list's order (name, then id): the first page is the index's first rows, no sort. It also holds
      // every column a search by part of a name or e-mail tests, so a common term walks it without the table
      // (an index-only scan, projections/contacts/search.ts); it replaced contacts_company_name_id.
      contacts_company_name_covering: '(company_id, lower(name), id) include (name, email, channel, is_group) where not deleted',
      // Part of a name or e-mail: trigrams.
      contacts_name_trgm: 'using gin (lower(name) gin_trgm_ops)',
      contacts_email_trgm: 'using gin (email gin_trgm_ops)',
      // Part of a number: its start (with the country code, without it, or without country and area code) or its end,
      // each a btree prefix range. Numbers share their leading digits too widely for trigrams to narrow a search.
      contacts_number_start: '(company_id, number text_pattern_ops) where not deleted',
      contacts_number_national: '(company_id, substr(number, 3) text_pattern_ops) where not deleted',
      contacts_number_local: '(company_id, substr(number, 5) text_pattern_ops) where not deleted',
      contacts_number_end: '(company_id, reverse(number) text_pattern_ops) where not deleted',
    },
    // Replaced by the covering index and the number ranges above.
    dropped: [
      'contacts_company_name_id',
      'contacts_company_name',
      'contacts_number_trgm',
      'contacts_company_name_trgm',
      'contacts_company_number_trgm',
      'contacts_company_email_trgm',
    ],
  },
  'read.contact_tags': {
    comment: "Tags of each contact (a ticket shows its contact's tags); join read.tags for names and colours",
    columns: {
      company_id: integer.notNull(),
      contact_id: integer.notNull(),
      tag_id: integer.notNull(),
    },
    constraints: ['primary key (contact_id, tag_id)'],
    indexes: {
      contact_tags_tag: '(tag_id)',
    },
  },
};

export async function migrateContacts(db: Kysely<ReadDatabase>): Promise<void> {
  // Trigram indexes serve the substring search (like '%…%') on names and e-mails.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await createTables(db, tables);
}
