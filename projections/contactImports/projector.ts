import { CONTACT_IMPORT_REFUSALS_KEPT, maskNumber, type ContactImportRowResult } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateContactImports } from './migration';
import { contactImportFromRow } from './queries';

/**
 * Imports' progress from their events. A batch of events is folded per import in memory and written
 * once, so 20 batches of rows arriving together cost one update; each import touched publishes one
 * `contactImport` frame with its status (the screen's progress bar), the refused rows' numbers masked.
 */
export const contactImportsProjector = defineProjector({
  name: 'contactImports',
  version: 2,
  eventTypes: ['ContactImportRequested', 'ContactImportRead', 'ContactImportRowsProcessed', 'ContactImportFinished'],
  tables: ['read.contact_imports'],
  migrate: migrateContactImports,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Set<string>();
    for (const event of events) {
      const { type, data } = event;
      const at = event.metadata.occurredAt;
      switch (type) {
        case 'ContactImportRequested':
          await trx
            .insertInto('read.contact_imports')
            .values({
              id: data.importId,
              company_id: event.metadata.companyId,
              file_name: data.fileName,
              total: data.total ?? 0,
              refusals: '[]',
              started_at: at,
              finished_at: data.total === 0 ? at : null,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'ContactImportRead':
          await trx.updateTable('read.contact_imports').set({ total: data.total }).where('id', '=', data.importId).execute();
          break;
        case 'ContactImportRowsProcessed': {
          const row = await trx.selectFrom('read.contact_imports').selectAll().where('id', '=', data.importId).executeTakeFirst();
          if (!row) break;
          const count = (outcome: ContactImportRowResult['outcome']) => data.results.filter((result) => result.outcome === outcome).length;
          const refusals =
            row.refusals.length >= CONTACT_IMPORT_REFUSALS_KEPT
              ? row.refusals
              : [...row.refusals, ...data.results.filter((result) => result.outcome === 'refused')];
          await trx
            .updateTable('read.contact_imports')
            .set({
              processed: row.processed + data.results.length,
              created: row.created + count('created'),
              updated: row.updated + count('updated'),
              refused: row.refused + count('refused'),
              refusals: JSON.stringify(refusals.sort((a, b) => a.row - b.row).slice(0, CONTACT_IMPORT_REFUSALS_KEPT)),
            })
            .where('id', '=', data.importId)
            .execute();
          break;
        }
        case 'ContactImportFinished': {
          const row = await trx.selectFrom('read.contact_imports').select(['total', 'processed', 'refused']).where('id', '=', data.importId).executeTakeFirst();
          if (!row) break;
          // An unreadable file ends the import: the rows it never reached count as refused.
          const missing = row.total - row.processed;
          await trx
            .updateTable('read.contact_imports')
            .set({ finished_at: at, processed: row.total, refused: row.refused + Math.max(0, missing), error: data.error ?? null })
            .where('id', '=', data.importId)
            .execute();
          break;
        }
      }
      touched.add(data.importId);
    }
    const changes: ProjectionChange[] = [];
    for (const importId of touched) {
      const row = await trx.selectFrom('read.contact_imports').selectAll().where('id', '=', importId).executeTakeFirst();
      if (!row) continue;
      // Every socket of the company gets the frame: the refused rows' numbers go masked (the route answers them per viewer).
      const status = contactImportFromRow(row);
      const contactImport = { ...status, refusals: status.refusals.map((refusal) => ({ ...refusal, number: maskNumber(refusal.number) })) };
      changes.push({ companyId: row.company_id, entity: 'contactImport', data: { action: 'update', contactImport } });
    }
    return changes;
  },
});
