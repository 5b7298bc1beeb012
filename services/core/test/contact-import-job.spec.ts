import { contactImportStream, productEventRegistry, type ContactImportRowResult, type SheetRow } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import { createPostgresEventStore } from '@conversa/eventstore/postgres/index';
import { testDatabase } from '@conversa/testing/database';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdAllocator } from '../src/ids';
import { createNumberDigest } from '../src/secrets/number-digest';
import { numberGuardStream } from '../src/contacts/number-guard';
import { createContact } from '../src/contacts/lifecycle';
import { requestContactImport, runContactImport } from '../src/contacts/import-job';
import { contactNumber } from '../src/contacts/number';
import { importRows } from './fixtures/contact-import-rows';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const registry = productEventRegistry();
const actor = { kind: 'user' as const, id: 1 };
let store: EventStore;
let drop: () => Promise<void>;
let databaseUrl: string;
let ctx: Parameters<typeof runContactImport>[0];

beforeAll(async () => {
  const database = await testDatabase('contactimport');
  drop = database.drop;
  databaseUrl = database.url;
  store = await createPostgresEventStore({ connectionString: database.url, registry });
  // Ids as a sequence gives them (the Postgres allocator is the server's; any unique ids do here).
  let last = 0;
  const ids: IdAllocator = { next: async () => ++last };
  ctx = { store, registry, ids, numberDigest: createNumberDigest('contact-import-spec'), now: () => new Date() };
});
afterAll(async () => {
  await store?.close();
  await drop?.();
});

/** A stop between two batches, as a kill -9 would leave it (the batch before it written whole). */
class Crash extends Error {}

const rowsOf = importRows;

async function recorded(importId: string): Promise<{ results: ContactImportRowResult[]; finished: number }> {
  const events = await store.readStream(contactImportStream(importId));
  return {
    results: events
      .filter((event) => event.type === 'ContactImportRowsProcessed')
      .flatMap((event) => (event.data as { results: ContactImportRowResult[] }).results),
    finished: events.filter((event) => event.type === 'ContactImportFinished').length,
  };
}

describe('the contact import job', () => {
  it('stopped after its first batch and started again, goes on from the first row not recorded: every row once, no contact twice', async () => {
    const companyId = 41;
    const rows = rowsOf(companyId, 1_200);
    // Someone types in a number of the second batch by hand before the import gets there.
    const byHand = await createContact(ctx, { companyId, actor, number: rows[700]!.input.number, name: 'À mão', channel: 'whatsapp', isGroup: false });
    const importId = randomUUID();
    const request = { companyId, actor, importId, fileName: 'c.xlsx', fileUrl: `/media/${companyId}/${importId}.xlsx` };
    await requestContactImport(ctx, request);
    const job = { importId, companyId, actor, causationId: randomUUID(), rows };

    await expect(
      runContactImport(ctx, job, {
        afterBatch: (written) => {
          if (written === 500) throw new Crash();
        },
      }),
    ).rejects.toBeInstanceOf(Crash);
    expect((await recorded(importId)).results).toHaveLength(500);

    await runContactImport(ctx, job);
    // Once finished, running it again (the request delivered once more) writes nothing.
    await runContactImport(ctx, job);

    const { results, finished } = await recorded(importId);
    expect(finished).toBe(1);
    expect(results.map((result) => result.row)).toEqual(rows.map((row) => row.line));
    expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1_199);
    expect(results[700]).toMatchObject({ outcome: 'updated', contactId: byHand.contactId });
    // One contact per number: each guard stream holds one claim, and the contact ids are all distinct.
    const contactIds = new Set(results.map((result) => result.contactId));
    expect(contactIds.size).toBe(1_200);
    const guards = await Promise.all(
      rows
        .slice(495, 505)
        .map((row) => store.readStream(numberGuardStream(ctx, companyId, contactNumber(row.input.number, { channel: 'whatsapp', isGroup: false }).key))),
    );
    expect(guards.every((guard) => guard.length === 1)).toBe(true);
  });

  it('killed with SIGKILL in another process, then run again, writes every row once and no contact twice', async () => {
    const companyId = 43;
    const rows = rowsOf(companyId, 2_000);
    const importId = randomUUID();
    await requestContactImport(ctx, { companyId, actor, importId, fileName: 'c.xlsx', fileUrl: `/media/${companyId}/${importId}.xlsx` });
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./fixtures/contact-import-child.ts', import.meta.url)),
        databaseUrl,
        importId,
        String(companyId),
        String(rows.length),
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    // Killed as soon as its first batch is written: mid-pause or mid-batch, never at a clean stop.
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('batch')) child.kill('SIGKILL');
    });
    expect(await exited).toBe('SIGKILL');
    const before = (await recorded(importId)).results.length;
    expect(before).toBeGreaterThanOrEqual(500);
    expect(before).toBeLessThan(rows.length);

    await runContactImport(ctx, { importId, companyId, actor, causationId: randomUUID(), rows });
    const { results, finished } = await recorded(importId);
    expect(finished).toBe(1);
    expect(results.map((result) => result.row)).toEqual(rows.map((row) => row.line));
    expect(results.every((result) => result.outcome === 'created')).toBe(true);
    expect(new Set(results.map((result) => result.contactId)).size).toBe(rows.length);
  }, 120_000);

  it('refuses bad rows and numbers repeated in the file, the same way on every run', async () => {
    const companyId = 42;
    const [a, b] = rowsOf(companyId, 2);
    // Sheet lines 2 to 7, line 4 blank (skipped by the reader): the outcomes keep the sheet's numbers.
    const rows: SheetRow[] = [
      a!,
      { line: 3, input: { ...b!.input, email: 'nope' } },
      { line: 5, input: { name: 'x', number: 'abc', email: '' } },
      { line: 6, input: { ...a!.input, name: 'again' } },
      { line: 7, input: { name: 'Fórmula', number: '', email: '' }, formula: true },
      { line: 8, input: { name: 'Ana 11 98765-4321', number: 'Ana 11 98765-4321', email: '' } },
    ];
    const importId = randomUUID();
    await requestContactImport(ctx, { companyId, actor, importId, fileName: 'c.csv', fileUrl: `/media/${companyId}/${importId}.csv` });
    await runContactImport(ctx, { importId, companyId, actor, causationId: randomUUID(), rows });
    const { results } = await recorded(importId);
    expect(results.map((result) => [result.row, result.outcome, result.reason])).toEqual([
      [2, 'created', undefined],
      [3, 'refused', 'invalidEmail'],
      [5, 'refused', 'invalidNumber'],
      [6, 'refused', 'duplicateInFile'],
      [7, 'refused', 'formula'],
      // A text that holds a number is not a number: refused, never turned into one.
      [8, 'refused', 'invalidNumber'],
    ]);
  });
});
