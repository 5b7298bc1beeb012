import { type Actor, type ContactImportRow } from '@conversa/contracts';
import { finishContactImport, runContactImport, type CommandContext, type ContactImportHooks, type IdAllocator } from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/projector';
import type { AutomationLogger } from '../schedules/sender';

export interface ContactImportWorkerDeps {
  ctx: CommandContext & { ids: IdAllocator };
  /** The kept upload's bytes, or undefined when the media store no longer has it. */
  openFile(companyId: number, url: string): Promise<Buffer | undefined>;
  /** Deletes the kept upload once the import is over (the file is a list of people's numbers). */
  removeFile(companyId: number, url: string): Promise<void>;
  /** The spreadsheet's rows, as the upload checked them (the same reader). */
  readRows(fileName: string, data: Buffer): Promise<ContactImportRow[]>;
  logger?: AutomationLogger;
  hooks?: ContactImportHooks;
}

/**
 * The contact-import worker: a leased reactor of the automation role on ContactImportRequested. It
 * reads the kept file and writes its rows batch by batch (runContactImport); its checkpoint moves
 * past the request only once the import has finished, so after a crash (kill -9) the next holder of
 * the lease gets the request again and goes on from the first row not recorded.
 */
export function createContactImportWorker(deps: ContactImportWorkerDeps): Projector {
  return defineReactor({
    name: 'contact-import',
    eventTypes: ['ContactImportRequested'],
    async react(events) {
      for (const event of events) {
        const data = event.data as { importId: string; fileName: string; fileUrl: string };
        const job = { importId: data.importId, companyId: event.metadata.companyId, actor: event.metadata.actor as Actor, causationId: event.id };
        const file = await deps.openFile(job.companyId, data.fileUrl);
        let rows: ContactImportRow[] | undefined;
        try {
          rows = file && (await deps.readRows(data.fileName, file));
        } catch (error) {
          deps.logger?.warn({ importId: job.importId, error: String(error) }, 'contact import: the kept file cannot be read');
        }
        if (rows) await runContactImport(deps.ctx, { ...job, rows }, deps.hooks);
        else await finishContactImport(deps.ctx, job, true);
        await deps.removeFile(job.companyId, data.fileUrl);
      }
    },
  });
}
