import type { BusMessage } from '@conversa/bus';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { frameLog } from '../src/frames';
import { type Harness, openHarness, recordingBus, waitFor } from './fixtures/harness';
import { countersProjector, incremented } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;

beforeAll(async () => {
  database = await testDatabase('projector_frames');
  h = await openHarness(database.url);
});
afterAll(async () => {
  await h.close();
  await database.drop();
});

const seqsOf = (messages: BusMessage[], companyId: number) => messages.filter((m) => m.subject === `company.${companyId}.counter`).map((m) => m.seq!);

describe('resumable frames', () => {
  it('numbers each company’s frames without gap or repeat across projectors committing at once, in the outbox too', async () => {
    const bus = recordingBus();
    const runtime = h.runtime({
      projectors: [countersProjector({ name: 'frames_a', table: 'frames_a' }), countersProjector({ name: 'frames_b', table: 'frames_b' })],
      bus,
    });
    await runtime.start();
    await waitFor(() => runtime.status().every((status) => status.caughtUp), 10_000, 'catch-up');
    let last;
    // Small appends in parallel: the two projectors' batches interleave on both companies' counters.
    for (let round = 0; round < 15; round++) {
      const appends = [31, 32].flatMap((companyId) =>
        [0, 1].map((s) => h.store.appendToStream(`fc-${companyId}-${s}-${round}`, [incremented(1, { companyId })])),
      );
      last = (await Promise.all(appends)).at(-1)!;
    }
    await runtime.waitForPosition(last!.position);
    // Each append makes one frame per projector.
    await waitFor(() => bus.messages.length >= 120, 10_000, 'every frame published');
    for (const companyId of [31, 32]) {
      const seqs = seqsOf(bus.messages, companyId).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      const log = frameLog(h.db);
      expect(await log.head(companyId)).toBe(60);
      // Across a power of ten: in sequence order, not in the order of their text.
      const stored = await log.range(companyId, 5, 15);
      expect(stored.map((frame) => frame.seq)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
      const published = bus.messages.find((m) => m.seq === 6 && m.subject === `company.${companyId}.counter`)!;
      // The request's correlation id is kept with it, for a socket that resumes from the outbox.
      expect(stored[0]).toEqual({ seq: 6, entity: 'counter', data: published.data, correlationId: published.correlationId });
      expect(published.correlationId).toBeDefined();
    }
    await runtime.stop();
  });

  it('a successor publishes the frames its predecessor committed but died before publishing', async () => {
    const name = 'frames_takeover';
    // The first owner commits its batch, then hangs in its publish: the moment a kill -9 can land in.
    let hang!: () => void;
    const hung = new Promise<void>((resolve) => (hang = resolve));
    let hangs = true;
    const dying = recordingBus(() => (hangs ? hung : undefined));
    const first = h.runtime({ projectors: [countersProjector({ name, table: name })], bus: dying });
    await first.start();
    await waitFor(() => first.status()[0]?.caughtUp, 10_000, 'the first owner to catch up');
    const successorBus = recordingBus();
    const successor = h.runtime({ projectors: [countersProjector({ name, table: name })], bus: successorBus });
    await successor.start();
    await waitFor(() => successor.status()[0]?.state === 'waiting', 10_000, 'the successor to stand by');

    try {
      const { position } = await h.store.appendToStream('fc-40', [incremented(5, { companyId: 40 })]);
      await first.waitForPosition(position);
      expect(dying.messages).toHaveLength(0);
      // Its lease connection dies, as it would with the process.
      await sql`select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity a using (pid)
        where l.locktype = 'advisory' and l.granted and a.application_name = ${`conversa-projector:${name}`}`.execute(h.db);
      await waitFor(() => successorBus.messages.length > 0, 10_000, 'the successor to publish the orphaned frame');
    } finally {
      // The dead owner stays stuck until the end, as a killed process would.
      if (successorBus.messages.length === 0) hang();
    }
    expect(successorBus.messages).toEqual([
      { subject: 'company.40.counter', seq: 1, data: expect.objectContaining({ action: 'update' }), correlationId: expect.any(String) },
    ]);
    // Its own next batch goes on from there.
    const next = await h.store.appendToStream('fc-40', [incremented(1, { companyId: 40 })]);
    await successor.waitForPosition(next.position);
    await waitFor(() => successorBus.messages.length === 2, 10_000, 'the next frame');
    expect(successorBus.messages.map((m) => m.seq)).toEqual([1, 2]);
    hangs = false;
    hang();
    await Promise.all([first.stop(), successor.stop()]);
  });
});
