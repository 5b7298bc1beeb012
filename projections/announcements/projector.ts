import type { AnnouncementFrame } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { findAnnouncement } from './queries';
import { migrateAnnouncements } from './migration';

/** Frames carry no read mark: each browser keeps its own. */
const noReader = { userId: 0, super: true };

/**
 * Announcements and who has read them. Announcements are for every company, so each change is published to
 * each company's subject (the edge then withholds an inactive one from all but the super user).
 */
export const announcementsProjector = defineProjector({
  name: 'announcements',
  version: 1,
  eventTypes: ['AnnouncementCreated', 'AnnouncementChanged', 'AnnouncementDeleted', 'AnnouncementMediaAttached', 'AnnouncementMediaRemoved', 'AnnouncementRead'],
  tables: ['read.announcements', 'read.announcement_reads'],
  migrate: migrateAnnouncements,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, 'create' | 'update' | 'delete'>();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      switch (event.type) {
        case 'AnnouncementCreated': {
          const { announcementId, title, text, priority, status } = event.data;
          await trx
            .insertInto('read.announcements')
            .values({ id: announcementId, title, text, priority, status, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(announcementId, 'create');
          break;
        }
        case 'AnnouncementChanged':
          await trx.updateTable('read.announcements').set({ ...event.data.changes, updated_at: at }).where('id', '=', event.data.announcementId).execute();
          touched.set(event.data.announcementId, touched.get(event.data.announcementId) ?? 'update');
          break;
        case 'AnnouncementDeleted':
          await trx.updateTable('read.announcements').set({ deleted: true, updated_at: at }).where('id', '=', event.data.announcementId).execute();
          touched.set(event.data.announcementId, 'delete');
          break;
        case 'AnnouncementMediaAttached':
          await trx
            .updateTable('read.announcements')
            .set({ media_path: event.data.media.url, media_name: event.data.media.name, updated_at: at })
            .where('id', '=', event.data.announcementId)
            .execute();
          touched.set(event.data.announcementId, touched.get(event.data.announcementId) ?? 'update');
          break;
        case 'AnnouncementMediaRemoved':
          await trx.updateTable('read.announcements').set({ media_path: null, media_name: null, updated_at: at }).where('id', '=', event.data.announcementId).execute();
          touched.set(event.data.announcementId, touched.get(event.data.announcementId) ?? 'update');
          break;
        case 'AnnouncementRead':
          await trx
            .insertInto('read.announcement_reads')
            .values({ announcement_id: event.data.announcementId, user_id: event.data.userId })
            .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
            .execute();
          break;
      }
    }
    if (touched.size === 0) return [];
    const companies = await trx.selectFrom('read.companies').select('id').execute();
    const changes: ProjectionChange[] = [];
    for (const [id, action] of touched) {
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
