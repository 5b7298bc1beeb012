import { chainHash } from '@conversa/contracts/events/hash-chain';
import {
  type EventMetadata,
  type EventMetadataInput,
  type EventRegistry,
  type EventToAppend,
  type Position,
  type RecordedEvent,
} from '@conversa/contracts';
import { comparePositions } from '@conversa/contracts';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  jsonEvent,
} from '@eventstore/db-client';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
  type Subscription,
} from '../port';
import { isSystemEvent, matchesFilter, positionOf, toPosition, toRecordedEvent, type EsdbRecord, type EsdbResolvedEvent } from './mapping';
import { subscribeToAll } from './subscription';

export interface EventStoreDbStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` (EVENTSTORE_URL). */
  connectionString: string;
  registry: EventRegistry;
  /** How often an `any` append re-reads the stream head after losing a race (default 10). */
  maxAppendAttempts?: number;
}

/** Events per $all page when reading or counting. */
const PAGE_SIZE = 500;
/** Events per backwards page when looking for the newest non-system event; it is nearly always the first. */
const HEAD_PAGE_SIZE = 32;
const DEFAULT_COUNT_CAP = 10_000;

interface PreparedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadataInput;
}

interface StreamHead {
  revision: number;
  id: string;
  hash: string | null;
  position: Position;
}

/**
 * The event store port over EventStoreDB (distributed mode).
 *
 * EventStoreDB enforces expected revisions and stores the events; what it cannot do server-side is
 * chain each event's hash to its predecessor. So an append reads the stream's head, computes the
 * chain, and appends with the expected revision pinned to that head: a concurrent writer makes the
 * pin fail instead of breaking the chain, and the append re-reads and decides again.
 */
export function createEventStoreDbStore(options: EventStoreDbStoreOptions): EventStore {
  const { registry } = options;
  const maxAttempts = Math.max(1, options.maxAppendAttempts ?? 10);
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const subscriptions = new Set<Subscription>();

  async function readRecords(streamId: string, read: { direction: 'forwards' | 'backwards'; from: number | 'start' | 'end'; maxCount: number }): Promise<EsdbRecord[]> {
    if (read.maxCount <= 0) return [];
    const records: EsdbRecord[] = [];
    try {
      const stream = client.readStream(streamId, {
        direction: read.direction === 'forwards' ? FORWARDS : BACKWARDS,
        fromRevision: read.from === 'start' ? START : read.from === 'end' ? END : BigInt(read.from),
        maxCount: read.maxCount,
      });
      for await (const resolved of stream) if (resolved.event) records.push(resolved.event);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return records;
  }

  async function readHead(streamId: string): Promise<StreamHead | null> {
    const [last] = await readRecords(streamId, { direction: 'backwards', from: 'end', maxCount: 1 });
    if (!last) return null;
    const metadata = last.metadata as Partial<EventMetadata> | undefined;
    return { revision: Number(last.revision), id: last.id, hash: metadata?.hash ?? null, position: positionOf(last) };
  }

  /**
   * EventStoreDB only recognises a re-sent batch when the expected revision points before it; with
   * the revision pinned to the head, it would store the batch twice. So replays are recognised here,
   * where the batch can be: at the head (any expectation), or right after an explicit expectation.
   */
  async function findReplay(streamId: string, batch: readonly PreparedEvent[], head: StreamHead | null, expected: ExpectedRevision): Promise<AppendResult | null> {
    if (!head) return null;
    const ids = batch.map((event) => event.id);
    let from: number | null = null;
    if (ids.includes(head.id)) from = head.revision - ids.indexOf(head.id);
    else if (expected === 'no_stream') from = 0;
    else if (typeof expected === 'number' && expected < head.revision) from = expected + 1;
    if (from === null || from < 0) {
      if (from !== null) throw new DuplicateEventIdError(head.id, streamId);
      return null;
    }
    const stored = await readRecords(streamId, { direction: 'forwards', from, maxCount: batch.length });
    const matching = stored.filter((record, index) => record.id === ids[index] && record.type === batch[index]!.type).length;
    if (matching === batch.length) {
      const last = stored.at(-1)!;
      return { nextExpectedRevision: Number(last.revision), position: positionOf(last) };
    }
    const clash = stored.find((record) => ids.includes(record.id));
    if (clash) throw new DuplicateEventIdError(clash.id, streamId);
    return null;
  }

  async function positionAt(streamId: string, revision: number): Promise<Position> {
    const [record] = await readRecords(streamId, { direction: 'forwards', from: revision, maxCount: 1 });
    if (!record) throw new Error(`Stream ${streamId} has no revision ${revision} right after appending it`);
    return positionOf(record);
  }

  /** Pages through $all forwards, strictly after `from`, skipping system events and applying the filter. */
  async function* scanAll(from: Position | 'start', filter: EventFilter | undefined): AsyncGenerator<EsdbRecord> {
    let cursor = from;
    for (;;) {
      let seen = 0;
      const stream = client.readAll({ direction: FORWARDS, fromPosition: cursor === 'start' ? START : cursor, maxCount: PAGE_SIZE });
      for await (const resolved of stream as AsyncIterable<EsdbResolvedEvent>) {
        seen++;
        const record = resolved.event;
        if (!record) continue;
        const position = positionOf(record);
        // Reads of $all start at the given position inclusively; the port's positions are exclusive.
        if (cursor !== 'start' && comparePositions(position, cursor) <= 0) continue;
        cursor = position;
        if (matchesFilter(filter, record.streamId, record.type)) yield record;
      }
      if (seen < PAGE_SIZE) return;
    }
  }

  return {
    async appendToStream(streamId, events, appendOptions = {}) {
      const expected = appendOptions.expectedRevision ?? 'any';
      const batch = prepare(registry, streamId, events);
      if (batch.length === 0) throw new Error(`Append to ${streamId} without events`);
      let head: StreamHead | null = null;
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        head = await readHead(streamId);
        const replay = await findReplay(streamId, batch, head, expected);
        if (replay) return replay;
        const actual = head?.revision ?? -1;
        if (!satisfies(expected, actual)) throw new WrongExpectedVersionError(streamId, expected, actual);

        let prevHash = head?.hash ?? null;
        const chained = batch.map((event, index) => {
          const revision = actual + 1 + index;
          const hash = chainHash({ ...event, streamId, revision }, prevHash);
          const metadata: EventMetadata = { ...event.metadata, prevHash, hash };
          prevHash = hash;
          return jsonEvent({ id: event.id, type: event.type, data: event.data as never, metadata });
        });
        try {
          const result = await client.appendToStream(streamId, chained, { expectedRevision: actual === -1 ? NO_STREAM : BigInt(actual) });
          const nextExpectedRevision = Number(result.nextExpectedRevision);
          return {
            nextExpectedRevision,
            position: result.position ? toPosition(result.position) : await positionAt(streamId, nextExpectedRevision),
          };
        } catch (error) {
          // Another writer moved the head between our read and our append: read it again and re-decide.
          if (error instanceof EsdbWrongExpectedVersionError) continue;
          throw error;
        }
      }
      throw new WrongExpectedVersionError(streamId, expected, (await readHead(streamId))?.revision ?? head?.revision ?? -1);
    },

    async readStream(streamId, readOptions: ReadStreamOptions = {}) {
      const direction = readOptions.direction ?? 'forwards';
      const records = await readRecords(streamId, {
        direction,
        from: readOptions.fromRevision ?? (direction === 'forwards' ? 'start' : 'end'),
        maxCount: readOptions.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      return records.map((record) => toRecordedEvent(record, registry, readOptions.raw ?? false));
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      const maxCount = readOptions.maxCount ?? Number.POSITIVE_INFINITY;
      const events: RecordedEvent[] = [];
      if (maxCount <= 0) return events;
      for await (const record of scanAll(readOptions.fromPosition ?? 'start', readOptions.filter)) {
        events.push(toRecordedEvent(record, registry, false));
        if (events.length >= maxCount) break;
      }
      return events;
    },

    subscribeToAll(subscribeOptions: SubscribeToAllOptions) {
      const subscription = subscribeToAll(client, registry, subscribeOptions);
      subscriptions.add(subscription);
      void subscription.done.then(() => subscriptions.delete(subscription));
      return subscription;
    },

    async headPosition() {
      let before: Position | 'end' = 'end';
      for (;;) {
        let seen = 0;
        const stream = client.readAll({ direction: BACKWARDS, fromPosition: before === 'end' ? END : before, maxCount: HEAD_PAGE_SIZE });
        for await (const resolved of stream as AsyncIterable<EsdbResolvedEvent>) {
          seen++;
          const record = resolved.event;
          if (!record) continue;
          before = positionOf(record);
          if (!isSystemEvent(record.type)) {
            await stream.cancel();
            return before;
          }
        }
        if (seen < HEAD_PAGE_SIZE) return null;
      }
    },

    async countAfter(position, countOptions = {}) {
      const cap = countOptions.cap ?? DEFAULT_COUNT_CAP;
      let count = 0;
      if (cap <= 0) return 0;
      for await (const _record of scanAll(position, countOptions.filter)) {
        if (++count >= cap) break;
      }
      return count;
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
}

function prepare(registry: EventRegistry, streamId: string, events: readonly EventToAppend[]): PreparedEvent[] {
  const seen = new Set<string>();
  // Validate the whole batch before anything is sent: one bad event refuses the append.
  const batch = events.map((event) => ({
    id: event.id.toLowerCase(),
    type: event.type,
    data: asStoredJson(registry.validateForAppend(event.type, event.data)),
    metadata: asStoredJson(event.metadata) as EventMetadataInput,
  }));
  for (const event of batch) {
    if (seen.has(event.id)) throw new DuplicateEventIdError(event.id, streamId);
    seen.add(event.id);
  }
  return batch;
}

/** The hash must cover exactly what a reader gets back, so it is computed over the JSON round trip. */
const asStoredJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function satisfies(expected: ExpectedRevision, actual: number): boolean {
  switch (expected) {
    case 'any': return true;
    case 'no_stream': return actual === -1;
    case 'stream_exists': return actual >= 0;
    default: return actual === expected;
  }
}
