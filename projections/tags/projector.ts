import { defineProjector } from '@conversa/platform';
import { sql, type Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { recordRows } from '../records';
import { migrateTags } from './migration';
import { findTag } from './queries';

const tagRows = recordRows({
  table: 'read.tags',
  id: 'tagId',
  created: 'TagCreated',
  changed: 'TagChanged',
  deleted: 'TagDeleted',
  scope: 'company',
  deletion: 'flag',
  columns: { name: 'name', color: 'color', kanban: 'kanban', userId: 'user_id' },
});

/**
 * Tags, and how many tickets carry each (tickets whose contact has the tag). The count is kept here
 * from this projector's own copies of the contacts' tags and the tickets' contacts, so it never
 * waits on another projector; a change of count publishes the tag's frame, so every tags screen and
 * kanban lane shows it live.
 */
export const tagsProjector = defineProjector({
  name: 'tags',
  // 2: tickets_count kept (read.tag_contacts, read.tag_tickets) and published on every change.
  version: 2,
  eventTypes: [...tagRows.eventTypes, 'ContactTagsChanged', 'ContactDeleted', 'TicketCreated', 'TicketDeleted'],
  tables: ['read.tags', 'read.tag_contacts', 'read.tag_tickets'],
  migrate: migrateTags,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    /** Tags whose tickets count may have moved. */
    const recount = new Map<number, number>();
    const tagsOf = async (contactId: number) =>
      (await trx.selectFrom('read.tag_contacts').select('tag_id').where('contact_id', '=', contactId).execute()).map((row) => row.tag_id);
    for (const event of events) {
      if (await tagRows.apply(trx, event, touched)) continue;
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      switch (type) {
        case 'ContactTagsChanged':
        case 'ContactDeleted': {
          const before = await tagsOf(data.contactId);
          const after = type === 'ContactTagsChanged' ? [...new Set(data.tagIds)] : [];
          await trx.deleteFrom('read.tag_contacts').where('contact_id', '=', data.contactId).execute();
          if (after.length > 0)
            await trx
              .insertInto('read.tag_contacts')
              .values(after.map((tagId) => ({ company_id: companyId, contact_id: data.contactId, tag_id: tagId })))
              .execute();
          for (const tagId of [...before.filter((id) => !after.includes(id)), ...after.filter((id) => !before.includes(id))]) recount.set(tagId, companyId);
          break;
        }
        case 'TicketCreated':
          await trx
            .insertInto('read.tag_tickets')
            .values({ ticket_id: data.ticketId, company_id: companyId, contact_id: data.contactId })
            .onConflict((oc) => oc.column('ticket_id').doNothing())
            .execute();
          for (const tagId of await tagsOf(data.contactId)) recount.set(tagId, companyId);
          break;
        case 'TicketDeleted': {
          const gone = await trx.deleteFrom('read.tag_tickets').where('ticket_id', '=', data.ticketId).returning('contact_id').executeTakeFirst();
          if (gone) for (const tagId of await tagsOf(gone.contact_id)) recount.set(tagId, companyId);
          break;
        }
      }
    }
    for (const [tagId, companyId] of recount) {
      await trx
        .updateTable('read.tags')
        .set({
          tickets_count: sql<number>`(select count(*)::int from read.tag_contacts tc join read.tag_tickets tt on tt.contact_id = tc.contact_id where tc.tag_id = ${tagId})`,
        })
        .where('id', '=', tagId)
        .execute();
      if (!touched.has(tagId)) touched.set(tagId, { companyId, action: 'update' });
    }
    return entityFrames(touched, { entity: 'tag', idKey: 'tagId', viewKey: 'tag' }, (companyId, id) => findTag(trx, companyId, id));
  },
});
