import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, integer, smallint, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.tags': {
    comment: "Tags a company puts on contacts (a ticket shows its contact's tags); kanban tags are the lanes of the board",
    columns: {
      ...companyKey,
      name: text.notNull(),
      color: text.notNull().comment('CSS hex colour of the chip and lane'),
      kanban: smallint.notNull().comment('1: a lane of the kanban board; 0: a plain tag'),
      user_id: integer.comment('User who created the tag, null when the system did'),
      ...stamps,
      ...deletedFlag('true: deleted; kept so history still names the tag'),
      tickets_count: integer
        .notNull()
        .default(0)
        .comment('Tickets (any status, not deleted) whose contact carries the tag, kept from read.tag_contacts and read.tag_tickets'),
    },
    indexes: {
      tags_company_name: '(company_id, lower(name)) where not deleted',
    },
  },
  'read.tag_contacts': {
    comment:
      "The tags projector's own copy of each contact's tags (read.contact_tags is the contacts projector's): it counts tickets per tag without depending on another projector's progress",
    columns: {
      company_id: integer.notNull(),
      contact_id: integer.notNull(),
      tag_id: integer.notNull(),
    },
    constraints: ['primary key (contact_id, tag_id)'],
    indexes: {
      tag_contacts_tag: '(tag_id)',
    },
  },
  'read.tag_tickets': {
    comment: 'Tickets not deleted and their contact, as the tags projector counts them',
    columns: {
      ticket_id: integer.primaryKey(),
      company_id: integer.notNull(),
      contact_id: integer.notNull(),
    },
    indexes: {
      tag_tickets_contact: '(contact_id)',
    },
  },
};

export async function migrateTags(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
