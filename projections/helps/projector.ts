import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateHelps } from './migration';

const defined = <T extends object>(row: T): Partial<T> => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as Partial<T>;

export const helpsProjector = defineProjector({
  name: 'helps',
  version: 1,
  eventTypes: ['HelpCreated', 'HelpChanged', 'HelpDeleted'],
  tables: ['read.helps'],
  migrate: migrateHelps,
  async handle(trx: Transaction<ReadDatabase>, events) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const { type, data } = event;
      switch (type) {
        case 'HelpCreated': {
          const { helpId, title, description, video } = data;
          await trx
            .insertInto('read.helps')
            .values({ id: helpId, title, description, video, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'HelpChanged': {
          const { changes } = data;
          await trx
            .updateTable('read.helps')
            .set({ ...defined({ title: changes.title, description: changes.description, video: changes.video }), updated_at: at })
            .where('id', '=', data.helpId)
            .execute();
          break;
        }
        case 'HelpDeleted':
          await trx.deleteFrom('read.helps').where('id', '=', data.helpId).execute();
          break;
      }
    }
    // Help entries are platform-wide: frames go out per company, so there is no subject to publish on;
    // screens read the list again after their own writes.
    return [];
  },
});
