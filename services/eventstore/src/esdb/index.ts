import { chainHash } from '@conversa/contracts/events/hash-chain';
import { type EventMetadata, type EventMetadataInput, type EventRegistry, type EventToAppend, type Position, type RecordedEvent } from '@conversa/contracts';
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
import { isSystemEvent, matchesFilter, parseJson, positionOf, toPosition, toRecordedEvent, type EsdbRecord, type EsdbResolvedEvent } from './mapping';
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
/** Events per backwards page when looking through a stream for a re-sent batch. */
const SCAN_PAGE_SIZE = 256;
const DEFAULT_COUNT_CAP = 10_000;

interface PreparedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadataInput;
}

const DISPOSE_WAIT_MS = 2000;

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
  // Only writers that did not pin a revision retry: every lost race means another append landed, so the
  // stream makes progress; the jittered pause spreads a crowd of `any` writers out instead of re-colliding.
  const maxAttempts = Math.max(1, options.maxAppendAttempts ?? 200);
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const subscriptions = new Set<Subscription>();

  async function readRecords(
    streamId: string,
    read: { direction: 'forwards' | 'backwards'; from: number | 'start' | 'end'; maxCount: number },
  ): Promise<EsdbRecord[]> {
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
    return last ? toHead(last) : null;
  }

  /**
   * The stream's head, and the newest of its events that carries one of the batch's ids.
   *
   * EventStoreDB only recognises a re-sent batch when the expected revision points just before it;
   * with the revision pinned to the head it would store the batch twice. So replays are found here.
   * An append whose explicit expectation holds cannot be a replay (the batch would sit past that
   * revision), so it reads only the head; `any` and `stream_exists` always hold, and a refused
   * expectation may be a retry, so those look through the stream, newest first, in pages.
   */
  async function inspect(
    streamId: string,
    ids: ReadonlySet<string>,
    expected: ExpectedRevision,
  ): Promise<{ head: StreamHead | null; found: EsdbRecord | null }> {
    const broad = expected === 'any' || expected === 'stream_exists';
    let page = await readRecords(streamId, { direction: 'backwards', from: 'end', maxCount: broad ? SCAN_PAGE_SIZE : 1 });
    const newest = page[0];
    if (!newest) return { head: null, found: null };
    const head = toHead(newest);
    let found = page.find((record) => ids.has(record.id)) ?? null;
    const scan = broad || !satisfies(expected, head.revision);
    while (!found && scan) {
      const oldest = Number(page.at(-1)!.revision);
      if (oldest === 0) break;
      page = await readRecords(streamId, { direction: 'backwards', from: oldest - 1, maxCount: SCAN_PAGE_SIZE });
      // Nothing below a truncated stream's start ($maxCount, $tb) is readable any more.
      if (page.length === 0) break;
      found = page.find((record) => ids.has(record.id)) ?? null;
    }
    return { head, found };
  }

  /** The original result if the batch is stored intact where `found` puts it; otherwise its ids are taken. */
  async function replayOf(streamId: string, batch: readonly PreparedEvent[], found: EsdbRecord): Promise<AppendResult> {
    const from = Number(found.revision) - batch.findIndex((event) => event.id === found.id);
    const stored = from >= 0 ? await readRecords(streamId, { direction: 'forwards', from, maxCount: batch.length }) : [];
    const intact = stored.length === batch.length && stored.every((record, index) => record.id === batch[index]!.id && record.type === batch[index]!.type);
    if (!intact) throw new DuplicateEventIdError(found.id, streamId);
    const last = stored.at(-1)!;
    return { nextExpectedRevision: Number(last.revision), position: positionOf(last) };
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
        if (matchesFilter(filter, record.streamId, record.type, () => parseJson(record.metadata))) yield record;
      }
      if (seen < PAGE_SIZE) return;
    }
  }

  return {
    async appendToStream(streamId, events, appendOptions = {}) {
      // EventStoreDB cannot check other streams within an append (checksReads is not set).
      if (appendOptions.readRevisions?.length) throw new Error('EventStoreDB cannot check read revisions within an append');
      const expected = appendOptions.expectedRevision ?? 'any';
      const batch = prepare(registry, streamId, events);
      if (batch.length === 0) throw new Error(`Append to ${streamId} without events`);
      const ids = new Set(batch.map((event) => event.id));
      let head: StreamHead | null = null;
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        const inspected = await inspect(streamId, ids, expected);
        head = inspected.head;
        // A retry of a stored batch wins over any expected revision, as in the Postgres store.
        if (inspected.found) return replayOf(streamId, batch, inspected.found);
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
          if (!(error instanceof EsdbWrongExpectedVersionError)) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(25, 1 + attempt)));
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
      // The client's dispose waits for every stream it ever opened to report 'finished'; a cancelled
      // one sometimes never does, and shutting down must not hang on that.
      await Promise.race([client.dispose(), new Promise((resolve) => setTimeout(resolve, DISPOSE_WAIT_MS).unref())]);
    },
  };
}

function prepare(registry: EventRegistry, streamId: string, events: readonly EventToAppend[]): PreparedEvent[] {
  const seen = new Set<string>();
  // Validate the whole batch before anything is sent: one bad event refuses the append.
  const batch = events.map((event) => ({
    id: event.id.toLowerCase(),
    type: event.type,
    data: asStoredJson(registry.validatedAs(event.type, event.data) ? event.data : registry.validateForAppend(event.type, event.data)),
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

function toHead(record: EsdbRecord): StreamHead {
  const metadata = record.metadata as Partial<EventMetadata> | undefined;
  return { revision: Number(record.revision), id: record.id, hash: metadata?.hash ?? null, position: positionOf(record) };
}

function satisfies(expected: ExpectedRevision, actual: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === -1;
    case 'stream_exists':
      return actual >= 0;
    default:
      return actual === expected;
  }
}
