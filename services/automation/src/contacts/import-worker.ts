import { contactImportStream, DomainError, isProductEvent, type Actor, type RecordedProductEvent, type SheetRow } from '@conversa/contracts';
import {
  contactImport,
  finishContactImport,
  runContactImport,
  runContactListImport,
  withCorrelation,
  type ContactImportHooks,
  type ContactListUseCaseContext,
  foldStream,
} from '@conversa/core';
import { unfinishedContactImports } from '@conversa/projections/contactImports/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { defineReactor, type LeasedWorker, type Projector } from '@conversa/platform';
import type { Kysely } from 'kysely';
import { leasedJob, type JobOptions } from '../scheduler';

/** `everyMs`: without a wake, how often unfinished imports are looked for (default 5 s). */
export interface ContactImportWorkerDeps extends JobOptions {
  ctx: ContactListUseCaseContext;
  db: Kysely<ReadDatabase>;
  /** The kept upload's bytes, or undefined when the media store no longer has it. */
  openFile(companyId: number, url: string): Promise<Buffer | undefined>;
  /** Deletes the kept upload once the import is over (the file is a list of people's numbers). */
  removeFile(companyId: number, url: string): Promise<void>;
  /** The spreadsheet's contact rows with their sheet line numbers (bounded: throws a DomainError for a file refused whole). */
  readRows(fileName: string, data: Buffer): Promise<SheetRow[]>;
  hooks?: ContactImportHooks;
}

/** The lease of the contact imports: one worker in the cluster parses and writes them. */
export const CONTACT_IMPORT_LEASE = 'automation.contact-import';
/** Unfinished imports one pass looks at. */
const IMPORTS_PER_PASS = 20;

export interface ContactImports {
  /** The leased worker (started where the reactors run). */
  worker: LeasedWorker;
  /** Wakes the worker on ContactImportRequested, naming the import, so it need not wait for the read model. */
  wakeUp: Projector;
}

/**
 * The contact-import worker: a leased worker of the automation role. A request (ContactImportRequested)
 * wakes it; each pass takes the unfinished imports (the ones it was told of, then the read model's),
 * one at a time, so at most one parse per process. It reads the kept file (the upload route only
 * checked its kind and archive) and writes its rows batch by batch (runContactImport), each batch
 * recorded on the import's stream; after a crash (kill -9) the next holder of the lease finds the
 * import unfinished and goes on from the first row not recorded.
 */
export function createContactImportWorker(deps: ContactImportWorkerDeps): ContactImports {
  /** Imports a request told of, taken first (the read model may not show them yet). */
  const told = new Set<string>();

  async function importOne(importId: string, signal: AbortSignal): Promise<void> {
    const history = await deps.ctx.store.readStream(contactImportStream(importId));
    const requested = history[0];
    if (!requested || !isProductEvent(requested, 'ContactImportRequested') || foldStream(contactImport, history).status !== 'running' || signal.aborted) return;
    // What the import writes and logs carries the upload request's correlation id.
    await withCorrelation(requested.metadata.correlationId, () => work(requested));
  }

  async function work(requested: RecordedProductEvent<'ContactImportRequested'>): Promise<void> {
    const { data } = requested;
    const { importId } = data;
    const job = { importId, companyId: requested.metadata.companyId, actor: requested.metadata.actor as Actor, causationId: requested.id };
    const file = await deps.openFile(job.companyId, data.fileUrl);
    let rows: SheetRow[] | undefined;
    try {
      rows = file && (await deps.readRows(data.fileName, file));
    } catch (error) {
      // A file refused whole (no number column, too many rows, packed like a bomb) ends the import with its code.
      if (error instanceof DomainError && error.status < 500) {
        await finishContactImport(deps.ctx, job, { error: error.code });
        await deps.removeFile(job.companyId, data.fileUrl);
        return;
      }
      deps.logger?.warn({ importId, error: String(error), correlationId: requested.metadata.correlationId }, 'contact import: the kept file cannot be read');
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

  const worker = leasedJob(deps, {
    lease: CONTACT_IMPORT_LEASE,
    name: 'contact-import',
    everyMs: 5_000,
    async pass({ signal, report }) {
      const candidates = new Set([...told, ...(await unfinishedContactImports(deps.db, IMPORTS_PER_PASS)).map(({ importId }) => importId)]);
      let done = 0;
      for (const importId of candidates) {
        if (signal.aborted) break;
        report({ importing: importId, done });
        try {
          await importOne(importId, signal);
          told.delete(importId);
        } catch (error) {
          // One import's trouble (a store hiccup) must not hold the others: it is taken up again next pass.
          deps.logger?.warn({ err: error, importId }, 'contact import: failed this pass; taken up again on the next');
        }
        done += 1;
      }
      return { importing: null, done };
    },
  });

  return {
    worker,
    wakeUp: defineReactor({
      name: 'contact-import',
      eventTypes: ['ContactImportRequested'],
      // What was requested before its first start is in the read model: the wake needs only what comes after.
      startFrom: 'now',
      async react(events) {
        for (const event of events) told.add(event.data.importId);
        worker.wake();
      },
    }),
  };
}
