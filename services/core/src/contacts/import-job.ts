import {
  CONTACT_IMPORT_BATCH,
  contactImportStream,
  legacyContactNumberStream,
  contactStream,
  type Actor,
  type ContactImportRowResult,
  type SheetRow,
  type ErrorCode,
  type EventToAppend,
  type Position,
  type RecordedEvent,
} from '@conversa/contracts';
import { appendToStreams, readStreams, WrongExpectedVersionError, type StreamAppend } from '@conversa/eventstore';
import { v5 as uuidv5 } from 'uuid';
import { foldStream } from '../commands/decider';
import { uploadContactListItems, type ContactListUseCaseContext } from '../contactLists/use-cases';
import { runCommand, type CommandContext } from '../commands/run';
import { nextIds, type IdAllocator } from '../ids';
import { contact, contactNumberGuard } from './contact';
import { numberGuardStream } from './number-guard';
import { contactImport, type ContactImport, type ContactImportCommand } from './contact-import';
import { importContactRow, planContactRows, PHONE, type PlannedRow } from './import';

type Context = CommandContext & { ids: IdAllocator };

/** Namespace of the import's event ids: a batch written twice carries the same ids. */
const IMPORT_EVENT_NAMESPACE = '0d6f3a52-8c1b-4f0e-a3d7-5e9b2c4f7a18';
/** Times a batch is decided again after another writer moved one of its streams, before it goes row by row. */
const BATCH_ATTEMPTS = 5;

export interface ContactImportJob {
  importId: string;
  companyId: number;
  /** Who asked for the import: the contacts it writes are theirs. */
  actor: Actor;
  /** The ContactImportRequested event's id: the cause of everything the job writes. */
  causationId: string;
  /** The file's contact rows with their sheet line numbers. */
  rows: readonly SheetRow[];
}

export interface ContactImportHooks {
  /** After each batch is written (tests stop a job there to resume it). */
  afterBatch?(written: number): Promise<void> | void;
}

/** POST /contacts/upload: records the import (the file already kept in the media store); the worker does the rest. */
export async function requestContactImport(
  ctx: CommandContext,
  input: { companyId: number; actor: Actor; importId: string; fileName: string; fileUrl: string; contactListId?: number },
): Promise<Position | null> {
  const { companyId, actor, importId, fileName, fileUrl, contactListId } = input;
  const result = await runCommand(ctx, {
    decider: contactImport,
    streamId: contactImportStream(importId),
    command: { type: 'RequestContactImport', importId, fileName, fileUrl, contactListId },
    companyId,
    actor,
    commandId: `contact-import-${importId}`,
  });
  return result.position;
}

/**
 * Works an import through its rows, CONTACT_IMPORT_BATCH at a time. Each batch reads the numbers'
 * guard streams and their owners in two round trips, then writes every claim, created contact,
 * changed contact and the rows' outcomes in one transaction (appendToStreams): a batch is done
 * whole or not at all, so a job stopped anywhere (kill -9) and started again goes on with the
 * first row not recorded, and never writes a row twice. A number the company already has updates
 * its contact (name and e-mail the row gives): an import never duplicates a contact.
 */
export async function runContactImport(ctx: Context, job: ContactImportJob, hooks: ContactImportHooks = {}): Promise<void> {
  const streamId = contactImportStream(job.importId);
  let { state, revision } = await loadImport(ctx, streamId);
  if (state.status !== 'running') return;
  if (state.total === undefined) {
    await runImportCommand(ctx, job, { type: 'RecordContactImportRead', total: job.rows.length });
    ({ state, revision } = await loadImport(ctx, streamId));
    if (state.status !== 'running') return;
  }
  const planned = planContactRows(job.rows);
  let written = 0;
  for (let start = 0; start < planned.length; start += CONTACT_IMPORT_BATCH) {
    let batch = planned.slice(start, start + CONTACT_IMPORT_BATCH);
    for (let attempt = 0; ; attempt++) {
      const running: ContactImport = state;
      if (running.status !== 'running') return;
      batch = batch.filter((row) => !running.done.has(row.row));
      if (batch.length === 0) break;
      try {
        ({ state, revision } =
          attempt < BATCH_ATTEMPTS ? await writeBatch(ctx, job, batch, running, revision) : await writeRowByRow(ctx, job, batch, running, revision));
        break;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= BATCH_ATTEMPTS) throw error;
        // Someone else wrote one of the batch's streams (a contact created by hand meanwhile): decide again on a fresh read.
        ({ state, revision } = await loadImport(ctx, streamId));
      }
    }
    written += batch.length;
    await hooks.afterBatch?.(written);
  }
  await finishContactImport(ctx, job);
}

/**
 * A list's upload: the good rows added to the list in one append (uploadContactListItems, keyed by the
 * import so a retry after a crash adds nothing twice), then every row's outcome recorded (an added
 * row counts as created) and the import ended.
 */
export async function runContactListImport(ctx: ContactListUseCaseContext, job: ContactImportJob & { contactListId: number }): Promise<void> {
  const { state } = await loadImport(ctx, contactImportStream(job.importId));
  if (state.status !== 'running') return;
  if (state.total === undefined) await runImportCommand(ctx, job, { type: 'RecordContactImportRead', total: job.rows.length });
  const { rows } = await uploadContactListItems(ctx, {
    companyId: job.companyId,
    actor: job.actor,
    contactListId: job.contactListId,
    rows: job.rows,
    commandId: `list-upload-${job.importId}`,
  });
  const results: ContactImportRowResult[] = rows.map(({ row, number, ok, reason }) =>
    ok ? { row, number, outcome: 'created' } : { row, number, outcome: 'refused', reason: reason ?? 'invalidNumber' },
  );
  for (let start = 0; start < results.length; start += CONTACT_IMPORT_BATCH) {
    await runImportCommand(ctx, job, { type: 'RecordImportedRows', results: results.slice(start, start + CONTACT_IMPORT_BATCH) });
  }
  await finishContactImport(ctx, job);
}

/**
 * Ends the import: `unreadable`, its file could not be read (the rows not done count as refused);
 * `error`, the worker refused the file whole (its code).
 */
export async function finishContactImport(ctx: CommandContext, job: JobMeta, outcome: { unreadable?: boolean; error?: ErrorCode } = {}): Promise<void> {
  await runImportCommand(ctx, job, { type: 'FinishContactImport', ...outcome });
}

type JobMeta = Pick<ContactImportJob, 'importId' | 'companyId' | 'actor' | 'causationId'>;

async function runImportCommand(ctx: CommandContext, job: JobMeta, command: ContactImportCommand): Promise<void> {
  await runCommand(ctx, {
    decider: contactImport,
    streamId: contactImportStream(job.importId),
    command,
    companyId: job.companyId,
    actor: job.actor,
    correlationId: job.importId,
    causationId: job.causationId,
  });
}

async function loadImport(ctx: CommandContext, streamId: string): Promise<{ state: ContactImport; revision: number }> {
  const history = await ctx.store.readStream(streamId);
  return { state: foldStream(contactImport, history), revision: history.length - 1 };
}

const lastRevision = (history: readonly RecordedEvent[] | undefined): number => (history && history.length > 0 ? history[history.length - 1]!.revision : -1);
const expectedOf = (revision: number) => (revision === -1 ? ('no_stream' as const) : revision);

/** One batch in one transaction; rows whose number's owner is neither free nor an active contact go through the row-by-row path first. */
async function writeBatch(ctx: Context, job: ContactImportJob, batch: readonly PlannedRow[], state: ContactImport, revision: number) {
  const now = ctx.now();
  const envelope = envelopes(ctx, job, now);
  const toWrite = batch.filter((row): row is PlannedRow & { key: string; number: string } => 'key' in row);
  const guardIds = toWrite.map((row) => numberGuardStream(ctx, job.companyId, row.key));
  const guards = await readStreams(ctx.store, guardIds);
  // A number claimed before the digest (its guard not moved by `lgpd migrate` yet) has its claim where it was: one more round trip.
  const legacyIds = toWrite.map((row, index) => ((guards.get(guardIds[index]!) ?? []).length > 0 ? null : legacyContactNumberStream(job.companyId, row.key)));
  const legacy = await readStreams(
    ctx.store,
    legacyIds.filter((streamId): streamId is string => streamId !== null),
  );
  const owners = toWrite.map((_row, index) => {
    const history = guards.get(guardIds[index]!) ?? [];
    return foldStream(contactNumberGuard, history.length > 0 ? history : (legacy.get(legacyIds[index]!) ?? [])).ownerId;
  });
  const ownerStreams = await readStreams(ctx.store, owners.filter((owner): owner is number => owner !== null).map(contactStream));
  const fresh = await nextIds(ctx.ids, 'contact', owners.filter((owner) => owner === null).length);

  const parts = new Map<string, StreamAppend & { events: EventToAppend[] }>();
  const results = new Map<number, ContactImportRowResult>();
  const aside: PlannedRow[] = [];
  for (const row of batch) if ('refusal' in row) results.set(row.row, row.refusal);
  toWrite.forEach((row, index) => {
    const ownerId = owners[index]!;
    const guardId = guardIds[index]!;
    if (ownerId === null) {
      const contactId = fresh.shift()!;
      const guardHistory = guards.get(guardId) ?? [];
      const claim = contactNumberGuard.decide(foldStream(contactNumberGuard, guardHistory), { type: 'ClaimContactNumber', key: row.key, contactId }, { now });
      parts.set(guardId, { streamId: guardId, expectedRevision: expectedOf(lastRevision(guardHistory)), events: envelope(guardId, row.row, claim) });
      const name = row.input.name.trim() === '' ? row.number : row.input.name.trim().slice(0, 200);
      const details = { name, number: row.number, email: row.input.email, profilePicUrl: null, extraInfo: [] };
      const created = contact.decide(contact.initialState(), { type: 'CreateContact', contactId, details, ...PHONE }, { now });
      parts.set(contactStream(contactId), {
        streamId: contactStream(contactId),
        expectedRevision: 'no_stream',
        events: envelope(contactStream(contactId), row.row, created),
      });
      results.set(row.row, { row: row.row, number: row.number, outcome: 'created', contactId });
      return;
    }
    const ownerId_ = contactStream(ownerId);
    const history = ownerStreams.get(ownerId_) ?? [];
    const owner = foldStream(contact, history);
    // A deleted owner or a creation in flight elsewhere: the row-by-row path knows how to take such a claim over.
    if (owner.status !== 'active' || parts.has(ownerId_)) {
      aside.push(row);
      return;
    }
    const changes = { ...(row.input.name !== '' ? { name: row.input.name } : {}), ...(row.input.email !== '' ? { email: row.input.email } : {}) };
    const changed = contact.decide(owner, { type: 'ChangeContactDetails', changes }, { now });
    if (changed.length > 0) parts.set(ownerId_, { streamId: ownerId_, expectedRevision: lastRevision(history), events: envelope(ownerId_, row.row, changed) });
    results.set(row.row, { row: row.row, number: row.number, outcome: 'updated', contactId: ownerId });
  });
  for (const row of aside) results.set(row.row, await rowAlone(ctx, job, row));

  const recorded = [...results.values()].sort((a, b) => a.row - b.row);
  const record = contactImport.decide(state, { type: 'RecordImportedRows', results: recorded }, { now });
  const importId = contactImportStream(job.importId);
  parts.set(importId, { streamId: importId, expectedRevision: revision, events: envelope(importId, recorded[0]!.row, record) });
  await appendToStreams(ctx.store, [...parts.values()]);
  return { state: record.reduce(contactImport.evolve, state as ContactImport), revision: revision + record.length };
}

/** The slow path, for a batch that kept meeting other writers: each row as POST /contactsImport writes it. */
async function writeRowByRow(ctx: Context, job: ContactImportJob, batch: readonly PlannedRow[], state: ContactImport, revision: number) {
  const results: ContactImportRowResult[] = [];
  for (const row of batch) results.push('refusal' in row ? row.refusal : await rowAlone(ctx, job, row));
  const record = contactImport.decide(state, { type: 'RecordImportedRows', results }, { now: ctx.now() });
  const importId = contactImportStream(job.importId);
  await ctx.store.appendToStream(importId, envelopes(ctx, job, ctx.now())(importId, results[0]!.row, record), { expectedRevision: revision });
  return { state: record.reduce(contactImport.evolve, state as ContactImport), revision: revision + record.length };
}

async function rowAlone(ctx: Context, job: ContactImportJob, row: PlannedRow): Promise<ContactImportRowResult> {
  const { position: _position, ...result } = await importContactRow(ctx, { companyId: job.companyId, actor: job.actor }, row.input, row.row);
  return result;
}

/** The events as the store takes them, with ids derived from the import, the row and the stream (a batch written twice is the same batch). */
function envelopes(ctx: CommandContext, job: ContactImportJob, now: Date) {
  return (streamId: string, row: number, events: readonly { type: string; data: unknown }[]): EventToAppend[] =>
    events.map((event, index) => ({
      id: uuidv5(`${job.importId}:${row}:${streamId}:${index}`, IMPORT_EVENT_NAMESPACE),
      type: event.type,
      data: event.data,
      metadata: {
        companyId: job.companyId,
        actor: job.actor,
        correlationId: job.importId,
        causationId: job.causationId,
        occurredAt: now.toISOString(),
        schemaVersion: ctx.registry.has(event.type) ? ctx.registry.versionOf(event.type) : 1,
      },
    }));
}
