import { DomainError, type Actor, type SheetRow } from '@conversa/contracts';
import { finishContactImport, runContactImport, runContactListImport, type ContactImportHooks, type ContactListUseCaseContext } from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/projector';
import type { AutomationLogger } from '../schedules/sender';

export interface ContactImportWorkerDeps {
  ctx: ContactListUseCaseContext;
  /** The kept upload's bytes, or undefined when the media store no longer has it. */
  openFile(companyId: number, url: string): Promise<Buffer | undefined>;
  /** Deletes the kept upload once the import is over (the file is a list of people's numbers). */
  removeFile(companyId: number, url: string): Promise<void>;
  /** The spreadsheet's contact rows with their sheet line numbers (bounded: throws a DomainError for a file refused whole). */
  readRows(fileName: string, data: Buffer): Promise<SheetRow[]>;
  logger?: AutomationLogger;
  hooks?: ContactImportHooks;
}

/**
 * The contact-import worker: a leased reactor of the automation role on ContactImportRequested. It
 * reads the kept file (the upload route only checked its kind and archive: parsing is here, off the
 * request, one file at a time, so at most one parse per company and per process) and writes its rows
 * batch by batch (runContactImport); its checkpoint moves
 * past the request only once the import has finished, so after a crash (kill -9) the next holder of
 * the lease gets the request again and goes on from the first row not recorded.
 */
export function createContactImportWorker(deps: ContactImportWorkerDeps): Projector {
  return defineReactor({
    name: 'contact-import',
    eventTypes: ['ContactImportRequested'],
    async react(events) {
      for (const event of events) {
        const data = event.data as { importId: string; fileName: string; fileUrl: string; contactListId?: number };
        const job = { importId: data.importId, companyId: event.metadata.companyId, actor: event.metadata.actor as Actor, causationId: event.id };
        const file = await deps.openFile(job.companyId, data.fileUrl);
        let rows: SheetRow[] | undefined;
        try {
          rows = file && (await deps.readRows(data.fileName, file));
        } catch (error) {
          // A file refused whole (no number column, too many rows, packed like a bomb) ends the import with its code.
          if (error instanceof DomainError && error.status < 500) {
            await finishContactImport(deps.ctx, job, { error: error.code });
            await deps.removeFile(job.companyId, data.fileUrl);
            continue;
          }
          deps.logger?.warn({ importId: job.importId, error: String(error), correlationId: event.metadata.correlationId }, 'contact import: the kept file cannot be read');
        }
        if (!rows) await finishContactImport(deps.ctx, job, { unreadable: true });
        else if (data.contactListId === undefined) await runContactImport(deps.ctx, { ...job, rows }, deps.hooks);
        else {
          try {
            await runContactListImport(deps.ctx, { ...job, rows, contactListId: data.contactListId });
          } catch (error) {
            // The list was deleted meanwhile: the upload ends refused with the code.
            if (!(error instanceof DomainError) || error.status >= 500) throw error;
            await finishContactImport(deps.ctx, job, { error: error.code });
          }
        }
        await deps.removeFile(job.companyId, data.fileUrl);
      }
    },
  });
}
