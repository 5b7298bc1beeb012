import { CONTACT_IMPORT_REFUSALS_KEPT, DomainError, type Actor, type ContactImportRow, type ContactImportStatus } from '@conversa/contracts';
import { importContactRows } from '@conversa/core';
import { randomUUID } from 'node:crypto';
import type { ApiContext } from '../context';

/** A finished import is kept this long for the screen to read its outcome. */
const FINISHED_KEPT_MS = 60 * 60 * 1000;

interface Job {
  companyId: number;
  status: ContactImportStatus;
}

/**
 * Imports in progress, by id. The rows are written as ordinary contact commands (so the log, the read
 * model and the `contact` frames see each contact as if typed in); the import's own progress is
 * transient and lives here, in the api process that took the upload, read by polling
 * GET /contacts/import/{importId}.
 */
export class ContactImports {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly ctx: ApiContext) {}

  /** Starts importing the rows (already read and checked) and answers at once with the job's first status. */
  start(input: { companyId: number; actor: Actor; fileName: string; rows: readonly ContactImportRow[] }): { status: ContactImportStatus; done: Promise<void> } {
    this.sweep();
    const status: ContactImportStatus = {
      importId: randomUUID(),
      fileName: input.fileName,
      state: 'running',
      total: input.rows.length,
      processed: 0,
      created: 0,
      updated: 0,
      refused: 0,
      refusals: [],
      startedAt: this.ctx.now().toISOString(),
      finishedAt: null,
    };
    this.jobs.set(status.importId, { companyId: input.companyId, status });
    const first = structuredClone(status);
    const done = this.run(status, input).catch((error: unknown) => {
      // A store failure mid-way: what was written stays (each row is whole), the rest is reported refused.
      console.error('contact import failed', error);
      status.refused += status.total - status.processed;
      status.processed = status.total;
      this.finish(status);
    });
    return { status: first, done };
  }

  /** The import's status, for its company only. */
  find(companyId: number, importId: string): ContactImportStatus {
    const job = this.jobs.get(importId);
    if (!job || job.companyId !== companyId) throw new DomainError('ERR_NO_CONTACT_IMPORT_FOUND');
    return job.status;
  }

  private async run(status: ContactImportStatus, input: { companyId: number; actor: Actor; rows: readonly ContactImportRow[] }): Promise<void> {
    const { position, results } = await importContactRows(this.ctx, { companyId: input.companyId, actor: input.actor }, input.rows, ({ processed, result }) => {
      status.processed = processed;
      status[result.outcome] += 1;
    });
    const refusals = results.filter((result) => result.outcome === 'refused').slice(0, CONTACT_IMPORT_REFUSALS_KEPT);
    status.refusals = refusals.map(({ position: _position, ...result }) => result);
    // Done means the list shows every imported contact.
    await this.ctx.waitForProjections(position, { readModels: ['contacts'] });
    this.finish(status);
  }

  private finish(status: ContactImportStatus): void {
    status.state = 'done';
    status.finishedAt = this.ctx.now().toISOString();
  }

  private sweep(): void {
    const now = this.ctx.now().getTime();
    for (const [id, job] of this.jobs) {
      if (job.status.finishedAt && now - Date.parse(job.status.finishedAt) > FINISHED_KEPT_MS) this.jobs.delete(id);
    }
  }
}
