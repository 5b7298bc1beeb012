import type { AnnouncementFrame } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import type { TouchedRecords } from '../frames';
import { recordRows } from '../records';
import { findAnnouncement } from './queries';
import { migrateAnnouncements } from './migration';

/** Frames carry no read mark: each browser keeps its own. */
const noReader = { userId: 0, super: true };

const announcementRows = recordRows({
  table: 'read.announcements',
  id: 'announcementId',
  created: 'AnnouncementCreated',
  changed: 'AnnouncementChanged',
  deleted: 'AnnouncementDeleted',
  scope: 'platform',
  deletion: 'flag',
  columns: { title: 'title', text: 'text', priority: 'priority', status: 'status' },
  updates: {
    AnnouncementMediaAttached: (data) => ({ media_path: data.media.url, media_name: data.media.name }),
    AnnouncementMediaRemoved: () => ({ media_path: null, media_name: null }),
  },
});

/**
 * Announcements and who has read them. Announcements are for every company, so each change is published to
 * each company's subject (the edge then withholds an inactive one from all but the super user).
 */
export const announcementsProjector = defineProjector({
  name: 'announcements',
  version: 1,
  eventTypes: [...announcementRows.eventTypes, 'AnnouncementRead'],
  tables: ['read.announcements', 'read.announcement_reads'],
  migrate: migrateAnnouncements,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    for (const event of events) {
      if (await announcementRows.apply(trx, event, touched)) continue;
      if (event.type !== 'AnnouncementRead') continue;
      await trx
        .insertInto('read.announcement_reads')
        .values({ announcement_id: event.data.announcementId, user_id: event.data.userId })
        .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
        .execute();
    }
    if (touched.size === 0) return [];
    const companies = await trx.selectFrom('read.companies').select('id').execute();
    const changes: ProjectionChange[] = [];
    for (const [id, { action }] of touched) {
      const record = action === 'delete' ? null : await findAnnouncement(trx, id, noReader);
      const data: AnnouncementFrame = record && action !== 'delete' ? { action, record } : { action: 'delete', id };
      for (const company of companies) {
        changes.push({ companyId: company.id, entity: 'announcement', data });
        // The edge gives an inactive one to the super user only; everyone else is told to drop it.
        if (record && !record.status) changes.push({ companyId: company.id, entity: 'announcement', data: { action: 'hide', id } });
      }
    }
    return changes;
  },
});
