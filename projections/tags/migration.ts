import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateTags(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.tags (
      id integer primary key,
      company_id integer not null,
      name text not null,
      color text not null,
      kanban smallint not null,
      user_id integer,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false,
      tickets_count integer not null default 0
    );
    create index if not exists tags_company_name on read.tags (company_id, lower(name)) where not deleted;
    comment on table read.tags is 'Tags a company puts on contacts (a ticket shows its contact''s tags); kanban tags are the lanes of the board';
    comment on column read.tags.color is 'CSS hex colour of the chip and lane';
    comment on column read.tags.kanban is '1: a lane of the kanban board; 0: a plain tag';
    comment on column read.tags.user_id is 'User who created the tag, null when the system did';
    comment on column read.tags.deleted is 'true: deleted; kept so history still names the tag';
    comment on column read.tags.tickets_count is 'Tickets (any status, not deleted) whose contact carries the tag, kept from read.tag_contacts and read.tag_tickets';

    create table if not exists read.tag_contacts (
      company_id integer not null,
      contact_id integer not null,
      tag_id integer not null,
      primary key (contact_id, tag_id)
    );
    create index if not exists tag_contacts_tag on read.tag_contacts (tag_id);
    comment on table read.tag_contacts is 'The tags projector''s own copy of each contact''s tags (read.contact_tags is the contacts projector''s): it counts tickets per tag without depending on another projector''s progress';

    create table if not exists read.tag_tickets (
      ticket_id integer primary key,
      company_id integer not null,
      contact_id integer not null
    );
    create index if not exists tag_tickets_contact on read.tag_tickets (contact_id);
    comment on table read.tag_tickets is 'Tickets not deleted and their contact, as the tags projector counts them';
  `.execute(db);
}
