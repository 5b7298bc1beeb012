import { randomUUID } from 'node:crypto';
import { EventRegistry, defineEvent, type EventToAppend } from '@conversa/contracts';
import { z } from 'zod';
import { WrongExpectedVersionError, type EventStore } from '../src/port';
import { medianOfRuns, printFigure, type BenchContext } from './figures';

/** Roughly the size of a real message event: ids, a short text, a timestamp. */
export const BenchMessageReceived = defineEvent(
  'BenchMessageReceived',
  z.object({ ticketId: z.string(), messageId: z.string(), body: z.string(), fromMe: z.boolean(), at: z.string() }),
);

export const benchRegistry = (): EventRegistry => new EventRegistry([BenchMessageReceived]);

export function benchEvent(sequence: number): EventToAppend {
  return {
    id: randomUUID(),
    type: BenchMessageReceived.type,
    data: {
      ticketId: `t-${sequence % 1000}`,
      messageId: `m-${sequence}`,
      body: 'Hello, I would like to know the status of my order placed last week, number 48213.',
      fromMe: false,
      at: new Date().toISOString(),
    },
    metadata: {
      companyId: 1,
      actor: { kind: 'contact', id: 42 },
      correlationId: `c-${sequence}`,
      causationId: `c-${sequence}`,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** `writers` concurrent loops, each appending `perWriter` single events to streams of their own; answers appends/s. */
async function distinctStreams(store: EventStore, writers: number, perWriter: number): Promise<number> {
  const run = randomUUID().slice(0, 8);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let index = 0; index < perWriter; index++) {
        await store.appendToStream(`benchmessage-${run}-${writer}-${index}`, [benchEvent(index)], { expectedRevision: 'no_stream' });
      }
    }),
  );
  return (writers * perWriter) / ((performance.now() - started) / 1000);
}

/**
 * `writers` loops on ONE stream, each doing what a command handler does: read the stream's
 * revision, append expecting it, and on a conflict read again and retry. Answers successful appends/s.
 */
async function hotStream(store: EventStore, writers: number, total: number): Promise<{ perSecond: number; conflicts: number }> {
  const stream = `benchticket-${randomUUID().slice(0, 8)}`;
  let appended = 0;
  let conflicts = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (appended < total) {
        const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
        try {
          await store.appendToStream(stream, [benchEvent(appended)], { expectedRevision: last ? last.revision : 'no_stream' });
          appended++;
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          conflicts++;
        }
      }
    }),
  );
  return { perSecond: appended / ((performance.now() - started) / 1000), conflicts };
}

export async function appendFigures(context: BenchContext): Promise<void> {
  const store = await context.createStore();
  printFigure('append_1_writer_per_s', await medianOfRuns(() => distinctStreams(store, 1, 2000)), 'appends/s');
  printFigure('append_16_writers_per_s', await medianOfRuns(() => distinctStreams(store, 16, 500)), 'appends/s');
  printFigure('append_hot_stream_16_writers_per_s', await medianOfRuns(async () => (await hotStream(store, 16, 1000)).perSecond), 'appends/s');
}
