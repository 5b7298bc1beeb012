/**
 * Read-side figures: how soon an appended event is readable in a projected table, and how fast a
 * read table rebuilds. `npx tsx services/eventstore/bench/visibility.ts` prints them as JSON lines.
 * Starts its own embedded Postgres, a Postgres event store and the projection runtime.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { EventRegistry, type EventToAppend, defineEvent } from '@conversa/contracts';
import { createInProcessBus } from '../../bus/src/in-process';
import { type ProjectionRuntime, type RawProjectionChange, createProjectionRuntime, defineRawProjector, rebuildProjector } from '../../../platform/src/index';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { createDatabase, startPostgres } from '../../testing/src/postgres';
import type { EventStore } from '../src/port';
import { createPostgresEventStore } from '../src/postgres/index';

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

const RATE_PER_S = 500;
const SECONDS = 10;
const RUNS = 3;
const STREAMS = 1000;
const REPLAY_EVENTS = 100_000;

const VisibilityMessageReceived = defineEvent(
  'VisibilityMessageReceived',
  z.object({ ticketId: z.string(), messageId: z.string(), body: z.string(), at: z.string() }),
);

function messageEvent(ticket: number, sequence: number): EventToAppend {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    type: VisibilityMessageReceived.type,
    data: {
      ticketId: `t-${ticket}`,
      messageId: `m-${sequence}`,
      body: 'Hello, I would like to know the status of my order placed last week, number 48213.',
      at,
    },
    metadata: {
      companyId: 1 + (ticket % 10),
      actor: { kind: 'contact', id: ticket },
      correlationId: `c-${sequence}`,
      causationId: `c-${sequence}`,
      occurredAt: at,
      schemaVersion: 1,
    },
  };
}

/** A realistic small read model: one row per ticket stream, upserted with one statement per batch. */
const ticketActivity = defineRawProjector<any>({
  name: 'bench-ticket-activity',
  version: 1,
  eventTypes: [VisibilityMessageReceived.type],
  tables: ['read.bench_ticket_activity'],
  async migrate(db) {
    await sql`create table if not exists read.bench_ticket_activity (
      stream_id text primary key,
      company_id integer not null,
      messages integer not null,
      last_message_id text not null,
      last_body text not null,
      last_message_at timestamptz not null
    )`.execute(db);
  },
  async handle(trx, events) {
    // Fold the batch first: one upsert statement cannot touch the same row twice.
    const rows = new Map<
      string,
      { stream_id: string; company_id: number; messages: number; last_message_id: string; last_body: string; last_message_at: string }
    >();
    for (const event of events) {
      const data = event.data as z.infer<typeof VisibilityMessageReceived.schema>;
      const row = rows.get(event.streamId);
      if (row) Object.assign(row, { messages: row.messages + 1, last_message_id: data.messageId, last_body: data.body, last_message_at: data.at });
      else
        rows.set(event.streamId, {
          stream_id: event.streamId,
          company_id: event.metadata.companyId,
          messages: 1,
          last_message_id: data.messageId,
          last_body: data.body,
          last_message_at: data.at,
        });
    }
    const written = await trx
      .insertInto('read.bench_ticket_activity')
      .values([...rows.values()])
      .onConflict((oc) =>
        oc.column('stream_id').doUpdateSet({
          messages: sql`read.bench_ticket_activity.messages + excluded.messages`,
          last_message_id: sql`excluded.last_message_id`,
          last_body: sql`excluded.last_body`,
          last_message_at: sql`excluded.last_message_at`,
        }),
      )
      .returning(['stream_id', 'company_id', 'messages', 'last_message_id'])
      .execute();
    return written.map((row): RawProjectionChange => ({
      companyId: row.company_id,
      entity: 'ticketActivity',
      data: { action: 'update', ticketActivity: row },
    }));
  },
});

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Open loop at a steady rate: each command is due at its slot whether or not earlier ones finished,
 * and its latency counts from that slot, so a stall shows in the figures instead of slowing the load.
 */
async function appendToVisible(
  store: EventStore,
  runtime: ProjectionRuntime,
  db: Kysely<any>,
  seconds: number,
  offset: number,
): Promise<{ p50: number; p99: number }> {
  const total = RATE_PER_S * seconds;
  const interval = 1000 / RATE_PER_S;
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const sequence = offset + index;
    const ticket = sequence % STREAMS;
    inFlight.push(
      (async () => {
        const event = messageEvent(ticket, sequence);
        const { position } = await store.appendToStream(`ticket-${ticket}`, [event]);
        await runtime.waitForPosition(position);
        latencies.push(performance.now() - due);
        if (index === total - 1) {
          // Once per run, the proof behind the number: a plain SELECT on another connection sees it.
          const row = await db
            .selectFrom('read.bench_ticket_activity')
            .select('last_message_id')
            .where('stream_id', '=', `ticket-${ticket}`)
            .executeTakeFirst();
          if (row?.last_message_id !== (event.data as { messageId: string }).messageId)
            throw new Error(`Row of ticket-${ticket} not readable after waitForPosition`);
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Bulk history for the replay: many events per append, a few appends at a time. */
async function appendHistory(store: EventStore, count: number, offset: number): Promise<void> {
  const perAppend = 100;
  const parallel = 4;
  for (let start = 0; start < count; start += perAppend * parallel) {
    await Promise.all(
      Array.from({ length: parallel }, async (_, lane) => {
        const first = start + lane * perAppend;
        const size = Math.min(perAppend, count - first);
        if (size <= 0) return;
        const ticket = (offset + first) % STREAMS;
        return store.appendToStream(
          `ticket-${ticket}`,
          Array.from({ length: size }, (_, i) => messageEvent(ticket, offset + first + i)),
        );
      }),
    );
  }
}

export async function measureVisibilityAndReplay(): Promise<Figure[]> {
  const server = await startPostgres();
  const database = await createDatabase(server.adminUrl, 'visibility');
  const registry = new EventRegistry([VisibilityMessageReceived]);
  const store = await createPostgresEventStore({ connectionString: database.url, registry, poolSize: 10 });
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  // An idle pooled connection that dies must not crash the benchmark; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const bus = createInProcessBus();
  const runtime = createProjectionRuntime({
    db,
    connectionString: database.url,
    store,
    bus,
    projectors: [ticketActivity],
    logger: { info: () => {}, warn: console.warn, error: console.error },
  });
  try {
    await runtime.start();
    const p50s: number[] = [];
    const p99s: number[] = [];
    let sequence = 0;
    // Warm-up: JIT, prepared statements, pools.
    await appendToVisible(store, runtime, db, 2, sequence);
    sequence += RATE_PER_S * 2;
    for (let run = 0; run < RUNS; run++) {
      const { p50, p99 } = await appendToVisible(store, runtime, db, SECONDS, sequence);
      sequence += RATE_PER_S * SECONDS;
      p50s.push(p50);
      p99s.push(p99);
    }
    await runtime.stop();

    const stored = await store.countAfter('start');
    if (stored < REPLAY_EVENTS) await appendHistory(store, REPLAY_EVENTS - stored, sequence);
    const rates: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await rebuildProjector({
        db,
        connectionString: database.url,
        store,
        projector: ticketActivity,
        logger: { info: () => {}, warn: console.warn, error: console.error },
      });
      rates.push(result.events / (result.ms / 1000));
    }
    return [
      { name: 'append_to_visible_p50_ms', value: median(p50s), unit: 'ms' },
      { name: 'append_to_visible_p99_ms', value: median(p99s), unit: 'ms' },
      { name: 'replay_events_per_s', value: median(rates), unit: 'events/s' },
    ];
  } finally {
    await runtime.stop();
    await bus.close();
    await store.close();
    await db.destroy();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  measureVisibilityAndReplay().then(
    (figures) => {
      for (const figure of figures) process.stdout.write(`${JSON.stringify({ ...figure, value: Number(figure.value.toFixed(2)) })}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
