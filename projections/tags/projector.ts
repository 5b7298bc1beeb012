import { defineProjector, type ProjectionChange } from '@conversa/projector';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateTags } from './migration';
import { findTag } from './queries';

export const tagsProjector = defineProjector({
  name: 'tags',
  version: 1,
  eventTypes: ['TagCreated', 'TagChanged', 'TagDeleted'],
  tables: ['read.tags'],
  migrate: migrateTags,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, { companyId: number; action: 'create' | 'update' | 'delete' }>();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      switch (type) {
        case 'TagCreated':
          await trx
            .insertInto('read.tags')
            .values({ id: data.tagId, company_id: companyId, name: data.name, color: data.color, kanban: data.kanban, user_id: data.userId, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(data.tagId, { companyId, action: 'create' });
          break;
        case 'TagChanged':
          await trx
            .updateTable('read.tags')
            .set({ ...data.changes, updated_at: at })
            .where('id', '=', data.tagId)
            .execute();
          touched.set(data.tagId, { companyId, action: touched.get(data.tagId)?.action ?? 'update' });
          break;
        case 'TagDeleted':
          await trx.updateTable('read.tags').set({ deleted: true, updated_at: at }).where('id', '=', data.tagId).execute();
          touched.set(data.tagId, { companyId, action: 'delete' });
          break;
      }
    }
    const changes: ProjectionChange[] = [];
    for (const [tagId, { companyId, action }] of touched) {
      if (action === 'delete') changes.push({ companyId, entity: 'tag', data: { action, tagId } });
      else {
        const tag = await findTag(trx, companyId, tagId);
        if (tag) changes.push({ companyId, entity: 'tag', data: { action, tag } });
      }
    }
    return changes;
  },
});
