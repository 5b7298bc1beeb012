import { EventMetadataInput, EventSchemaError, type EventRegistry, type EventToAppend, type Position, type RecordedEvent } from '@conversa/contracts';
import { chainHash } from '@conversa/contracts/events/hash-chain';
import pg from 'pg';
import {
  DuplicateEventIdError,
  StaleReadError,
  WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
  type Subscription,
} from '../port';
import { AppendBatcher, type AppendOutcome, type AppendRequest } from './batcher';
import { EXPECTED, assertSchemaName, migrateEventStore, notifyChannel, type AppendOutcomeKind } from './migration';
import { AppendNotifier } from './notifier';
import {
  START,
  appendBatchStatement,
  countAfterStatement,
  headPositionStatement,
  readAllStatement,
  readStreamStatement,
  readStreamsStatement,
  rowPosition,
  streamHeadStatement,
  subscriptionPageStatement,
  type EventRow,
  type Statement,
} from './queries';
import { PostgresSubscription, type SubscriptionPage } from './subscription';
import { LiveTail } from './tail';

export interface PostgresEventStoreOptions {
  connectionString: string;
  registry: EventRegistry;
  /** Defaults to 'eventstore'. */
  schema?: string;
  /** Defaults to 10. */
  poolSize?: number;
  /** Fallback polling of live subscriptions, in case a notification is missed. Defaults to 1000. */
  pollIntervalMs?: number;
  /** Newest events the shared live tail keeps in memory for subscribers (see tail.ts). Defaults to 20,000. */
  liveTailCapacity?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Optimistic attempts before an append takes the stream lock first (only `any`/`stream_exists` under heavy contention get there). */
const OPTIMISTIC_ATTEMPTS = 3;
const LOCKED_ATTEMPTS = 10;
const CHAIN_CACHE_SIZE = 10_000;
/** Rows a subscription read looks at, at most, to find its batch; bounds the cost of a selective filter. */
const SCAN_WINDOW = 5_000;

interface StreamHead {
  revision: number;
  hash: string | null;
}

/** An event checked and serialised once, ready to be chained at whatever revision it lands. */
interface PreparedEvent {
  id: string;
  type: string;
  dataJson: string;
  data: unknown;
  metadata: EventMetadataInput;
}

interface DatabaseError extends Error {
  code?: string;
  detail?: string;
}

export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  const schema = assertSchemaName(options.schema ?? 'eventstore');
  const poolSize = Math.max(2, options.poolSize ?? 10);
  // $all reads are ordered range scans of the primary key; at the default random_page_cost
  // the planner prefers a bitmap scan plus sort, several times slower on a cached table.
  // Every statement here is named and prepared once per connection; its generic plan (those
  // same range scans) is reused. Left to choose, Postgres re-plans the subscription page on every
  // call, and planning it cost more than running it (about 1 ms a page).
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: poolSize,
    application_name: 'conversa-eventstore',
    options: '-c random_page_cost=1.1 -c plan_cache_mode=force_generic_plan',
  });
  // An idle pooled connection that dies must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    await migrateEventStore(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const notifier = new AppendNotifier(options.connectionString, notifyChannel(schema));
  return new PostgresEventStore(pool, options.registry, schema, notifier, options.pollIntervalMs ?? 1000, poolSize, options.liveTailCapacity);
}

class PostgresEventStore implements EventStore {
  readonly checksReads = true;
  /**
   * Last known (revision, hash) per stream, from our own appends and reads. It lets an append
   * chain its hashes without reading the stream first; a wrong guess costs one retry, as the
   * database checks the base and answers with the actual head.
   */
  private readonly chainHeads = new Map<string, StreamHead>();
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly batcher: AppendBatcher;
  private readonly tail: LiveTail;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly registry: EventRegistry,
    private readonly schema: string,
    private readonly notifier: AppendNotifier,
    private readonly pollIntervalMs: number,
    poolSize: number,
    liveTailCapacity: number | undefined,
  ) {
    this.batcher = new AppendBatcher((requests) => this.executeBatch(requests), isStatementError, appendGroupsInFlight(poolSize));
    this.tail = new LiveTail(
      {
        page: (after, limit) => this.subscriptionPage(after, limit, undefined),
        head: () => this.headPosition(),
        onAppend: (wake) => this.notifier.add(wake),
      },
      { pollIntervalMs, capacity: liveTailCapacity },
    );
  }

  async appendToStream(streamId: string, events: readonly EventToAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    this.assertOpen();
    const expected = options.expectedRevision ?? 'any';
    const expectedCode = encodeExpected(expected);
    if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('A stream id must be a non-empty string');
    if (events.length === 0) return this.appendNothing(streamId, expected);
    const prepared = events.map((event) => this.prepare(event));
    const seen = new Set<string>();
    for (const event of prepared) {
      if (seen.has(event.id)) throw new DuplicateEventIdError(event.id, streamId);
      seen.add(event.id);
    }

    const readRevisions = options.readRevisions?.length ? readRevisionsJson(options.readRevisions) : undefined;
    let head = this.chainHeads.get(streamId) ?? { revision: -1, hash: null };
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS + LOCKED_ATTEMPTS; attempt++) {
      const { request, outcome } =
        attempt < OPTIMISTIC_ATTEMPTS
          ? await this.submitChained(streamId, expectedCode, head, prepared, readRevisions)
          : await this.appendLocked(streamId, expectedCode, prepared, readRevisions);
      switch (outcome.outcome satisfies AppendOutcomeKind) {
        case 'ok': {
          this.rememberHead(streamId, { revision: outcome.nextRevision!, hash: request.lastHash });
          const result = appendResult(outcome);
          this.notifier.wakeAll(result.position);
          return result;
        }
        case 'idempotent':
          return appendResult(outcome);
        case 'stale': {
          const actual = JSON.parse(outcome.detail ?? '{}') as { revision: number; hash: string | null };
          head = { revision: Number(actual.revision), hash: actual.hash };
          this.rememberHead(streamId, head);
          continue;
        }
        case 'wrong_expected':
          throw new WrongExpectedVersionError(streamId, expected, Number(outcome.detail));
        case 'duplicate':
          throw new DuplicateEventIdError(outcome.detail || prepared[0]!.id, streamId);
        case 'stale_read': {
          const moved = JSON.parse(outcome.detail ?? '{}') as { stream: string; revision: number };
          const read = options.readRevisions!.find((entry) => entry.streamId === moved.stream);
          throw new StaleReadError(moved.stream, read?.revision ?? -1, Number(moved.revision));
        }
      }
    }
    throw new Error(`Append to ${streamId} kept racing with other writers; gave up after ${OPTIMISTIC_ATTEMPTS + LOCKED_ATTEMPTS} attempts`);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const direction = options.direction ?? 'forwards';
    const from = options.fromRevision ?? (direction === 'forwards' ? 'start' : 'end');
    // EventStoreDB semantics: 'end' lies after the last event and 'start' before the first.
    if ((direction === 'forwards' && from === 'end') || (direction === 'backwards' && from === 'start')) return [];
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const fromRevision = from === 'start' ? 0 : from === 'end' ? Number.MAX_SAFE_INTEGER : from;
    const { rows } = await this.query<EventRow>(readStreamStatement(this.schema, streamId, direction, fromRevision, options.maxCount ?? null));
    const events = rows.map((row) => this.decode(row, options.raw ?? false));
    const newest = direction === 'forwards' ? events[events.length - 1] : events[0];
    if (newest) this.rememberHead(streamId, { revision: newest.revision, hash: newest.metadata.hash });
    return events;
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    this.assertOpen();
    const streams = new Map<string, RecordedEvent[]>(streamIds.map((streamId) => [streamId, []]));
    if (streamIds.length === 0) return streams;
    const { rows } = await this.query<EventRow>(readStreamsStatement(this.schema, [...streams.keys()]));
    for (const row of rows) streams.get(row.stream_id)?.push(this.decode(row, false));
    for (const [streamId, events] of streams) {
      const newest = events[events.length - 1];
      if (newest) this.rememberHead(streamId, { revision: newest.revision, hash: newest.metadata.hash });
    }
    return streams;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const after = options.fromPosition && options.fromPosition !== 'start' ? options.fromPosition : START;
    const { rows } = await this.query<EventRow>(readAllStatement(this.schema, after, options.maxCount ?? null, options.filter));
    return rows.map((row) => this.decode(row, false));
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    this.assertOpen();
    const subscription = new PostgresSubscription(
      {
        // Inside the live tail's window from memory; further behind (catching up) from the store.
        page: async (after, limit, filter) => this.tail.page(after, limit, filter) ?? this.subscriptionPage(after, limit, filter),
        onAppend: (wake) => {
          const fromTail = this.tail.add(wake);
          // Woken directly only while the tail is not serving (not started, or its reads failing), so
          // nobody waits a poll interval for it; otherwise the tail wakes it once it has read the append.
          const fromStore = this.notifier.add(() => {
            if (!this.tail.serving) wake();
          });
          return () => {
            fromTail();
            fromStore();
          };
        },
      },
      options,
      this.pollIntervalMs,
    );
    this.subscriptions.add(subscription);
    void subscription.done.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  /**
   * The newest event below the xmin horizon: everything at or before it is final, since no
   * transaction still running can commit anything that sorts before it.
   */
  async headPosition(): Promise<Position | null> {
    this.assertOpen();
    const { rows } = await this.query<{ transaction_id: string; global_position: string }>(headPositionStatement(this.schema));
    return rows[0] ? rowPosition(rows[0]) : null;
  }

  async countAfter(position: Position | 'start', options: { filter?: EventFilter; cap?: number } = {}): Promise<number> {
    this.assertOpen();
    const after = position === 'start' ? START : position;
    const { rows } = await this.query<{ count: number }>(countAfterStatement(this.schema, after, options.cap ?? null, options.filter));
    return rows[0]?.count ?? 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.tail.stop();
    await this.notifier.close();
    await this.pool.end();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }

  /**
   * Runs one statement on a pooled connection. Not pool.query: that discards the connection
   * on any error, and expected-revision conflicts are routine here; only an error that
   * leaves the connection unusable should cost a reconnect.
   */
  private async query<Row extends pg.QueryResultRow>(statement: Statement, client?: pg.PoolClient): Promise<pg.QueryResult<Row>> {
    const config = { name: statement.name, text: statement.text, values: statement.values };
    if (client) return client.query<Row>(config);
    const pooled = await this.pool.connect();
    let broken: Error | undefined;
    try {
      return await pooled.query<Row>(config);
    } catch (error) {
      if (!isStatementError(error)) broken = error as Error;
      throw error;
    } finally {
      pooled.release(broken);
    }
  }

  private prepare(event: EventToAppend): PreparedEvent {
    if (typeof event.id !== 'string' || !UUID.test(event.id)) throw new EventSchemaError(event.type, `id: "${String(event.id)}" is not a UUID`);
    const data = this.registry.validateForAppend(event.type, event.data);
    const metadata = EventMetadataInput.safeParse(event.metadata);
    if (!metadata.success) {
      throw new EventSchemaError(event.type, `metadata: ${metadata.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    }
    const version = this.registry.versionOf(event.type);
    if (metadata.data.schemaVersion !== version) {
      // Reads would run upcasters over data that is already current.
      throw new EventSchemaError(event.type, `metadata.schemaVersion ${metadata.data.schemaVersion} is not the current version ${version}`);
    }
    // Hash what jsonb will give back, not the writer's object (which may hold Dates, undefined…).
    const dataJson = JSON.stringify(data) ?? 'null';
    return { id: event.id.toLowerCase(), type: event.type, dataJson, data: JSON.parse(dataJson), metadata: JSON.parse(JSON.stringify(metadata.data)) };
  }

  /** Chains the events' hashes on top of `head` and serialises them for append_batch. */
  private chain(streamId: string, expectedCode: number, head: StreamHead, events: readonly PreparedEvent[], readRevisions: string | undefined): AppendRequest {
    let prevHash = head.hash;
    const parts: string[] = [];
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const hash = chainHash({ id: event.id, streamId, revision: head.revision + 1 + index, type: event.type, data: event.data, metadata: event.metadata }, prevHash);
      const metadataJson = JSON.stringify({ ...event.metadata, prevHash, hash });
      parts.push(`{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"data":${event.dataJson},"metadata":${metadataJson}}`);
      prevHash = hash;
    }
    return { streamId, expected: expectedCode, baseRevision: head.revision, baseHash: head.hash, lastHash: prevHash!, eventsJson: `[${parts.join(',')}]`, readRevisionsJson: readRevisions };
  }

  private async submitChained(
    streamId: string,
    expectedCode: number,
    head: StreamHead,
    events: readonly PreparedEvent[],
    readRevisions: string | undefined,
  ): Promise<{ request: AppendRequest; outcome: AppendOutcome }> {
    const request = this.chain(streamId, expectedCode, head, events, readRevisions);
    return { request, outcome: await this.batcher.submit(request) };
  }

  private async executeBatch(requests: readonly AppendRequest[], client?: pg.PoolClient): Promise<AppendOutcome[]> {
    const batch = requests
      .map(
        (request) =>
          `{"s":${JSON.stringify(request.streamId)},"x":${request.expected},"r":${request.baseRevision},"h":${JSON.stringify(request.baseHash)},"l":${JSON.stringify(request.lastHash)},"e":${request.eventsJson}${request.readRevisionsJson ? `,"c":${request.readRevisionsJson}` : ''}}`,
      )
      .join(',');
    const { rows } = await this.query<{ idx: number; outcome: AppendOutcomeKind; next_revision: string | null; commit_id: string | null; last_position: string | null; detail: string | null }>(
      appendBatchStatement(this.schema, `[${batch}]`),
      client,
    );
    const outcomes: AppendOutcome[] = new Array(requests.length);
    for (const row of rows) {
      outcomes[row.idx] = {
        outcome: row.outcome,
        nextRevision: row.next_revision === null ? null : Number(row.next_revision),
        commit: row.commit_id === null ? null : BigInt(row.commit_id),
        lastPosition: row.last_position === null ? null : BigInt(row.last_position),
        detail: row.detail,
      };
    }
    return outcomes;
  }

  /** Takes the stream row lock before chaining, so the base cannot move under a writer that keeps losing races. */
  private async appendLocked(
    streamId: string,
    expectedCode: number,
    events: readonly PreparedEvent[],
    readRevisions: string | undefined,
  ): Promise<{ request: AppendRequest; outcome: AppendOutcome }> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      // Before the row lock gives this transaction an id: readers must see it as an appender.
      await client.query(`select ${this.schema}.take_append_lock()`);
      const { rows } = await this.query<{ revision: string; last_hash: string | null }>(streamHeadStatement(this.schema, streamId, true), client);
      const head: StreamHead = rows[0] ? { revision: Number(rows[0].revision), hash: rows[0].last_hash } : { revision: -1, hash: null };
      const request = this.chain(streamId, expectedCode, head, events, readRevisions);
      const [outcome] = await this.executeBatch([request], client);
      await client.query('commit');
      return { request, outcome: outcome! };
    } catch (error) {
      if (!isStatementError(error)) broken = error as Error;
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const { rows } = await this.query<{ revision: string; transaction_id: string | null; global_position: string | null }>(
      streamHeadStatement(this.schema, streamId, false),
    );
    const row = rows[0];
    const actual = row ? Number(row.revision) : -1;
    if (!expectationHolds(expected, actual)) throw new WrongExpectedVersionError(streamId, expected, actual);
    const position = row?.transaction_id && row.global_position ? rowPosition({ transaction_id: row.transaction_id, global_position: row.global_position }) : START;
    return { nextExpectedRevision: actual, position };
  }

  private async subscriptionPage(after: Position, limit: number, filter: EventFilter | undefined): Promise<SubscriptionPage> {
    const window = filter?.eventTypes?.length || filter?.streamPrefixes?.length ? Math.max(limit, SCAN_WINDOW) : limit;
    const { rows } = await this.query<
      EventRow & { scanned: string; scanned_transaction_id: string | null; scanned_global_position: string | null; pending: boolean }
    >(subscriptionPageStatement(this.schema, after, limit, window, filter));
    const summary = rows[0];
    if (!summary) throw new Error('subscription page answered no summary row');
    return {
      events: rows.filter((row) => row.event_id !== null).map((row) => this.decode(row, false)),
      scannedTo:
        summary.scanned_transaction_id !== null && summary.scanned_global_position !== null
          ? rowPosition({ transaction_id: summary.scanned_transaction_id, global_position: summary.scanned_global_position })
          : null,
      windowFull: Number(summary.scanned) >= window,
      pending: summary.pending,
    };
  }

  private decode(row: EventRow, raw: boolean): RecordedEvent {
    return {
      id: row.event_id,
      streamId: row.stream_id,
      revision: Number(row.revision),
      type: row.type,
      data: raw ? row.data : this.registry.readStored(row.type, row.data, row.metadata.schemaVersion),
      metadata: row.metadata,
      position: rowPosition(row),
      createdAt: row.created_at,
    };
  }

  private rememberHead(streamId: string, head: StreamHead): void {
    const known = this.chainHeads.get(streamId);
    if (known && known.revision >= head.revision) return;
    this.chainHeads.delete(streamId);
    this.chainHeads.set(streamId, head);
    if (this.chainHeads.size > CHAIN_CACHE_SIZE) this.chainHeads.delete(this.chainHeads.keys().next().value!);
  }
}

/** An error the server reported for the statement itself: the connection is still fine. */
function isStatementError(error: unknown): boolean {
  const code = (error as DatabaseError).code;
  return error instanceof pg.DatabaseError && typeof code === 'string' && !code.startsWith('08') && !code.startsWith('57P');
}

/**
 * Groups in flight at once. Few, so that concurrent writers queue up into shared groups;
 * the rest of the pool stays free for reads and subscriptions.
 */
const appendGroupsInFlight = (poolSize: number): number => Math.max(1, Math.min(2, poolSize - 1));

const readRevisionsJson = (readRevisions: AppendOptions['readRevisions'] & object): string => {
  for (const { streamId, revision } of readRevisions) {
    if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('A read revision names a non-empty stream id');
    if (!Number.isSafeInteger(revision) || revision < -1) throw new RangeError(`Invalid read revision ${String(revision)} of ${streamId}`);
  }
  return JSON.stringify(readRevisions.map(({ streamId, revision }) => ({ s: streamId, r: revision })));
};

const appendResult = (outcome: AppendOutcome): AppendResult => ({
  nextExpectedRevision: outcome.nextRevision!,
  position: { commit: outcome.commit!, prepare: outcome.lastPosition! },
});

function encodeExpected(expected: ExpectedRevision): number {
  if (expected === 'any') return EXPECTED.any;
  if (expected === 'no_stream') return EXPECTED.noStream;
  if (expected === 'stream_exists') return EXPECTED.streamExists;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`Invalid expected revision ${String(expected)}`);
  return expected;
}

function expectationHolds(expected: ExpectedRevision, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  if (expected === 'stream_exists') return actual >= 0;
  return expected === actual;
}
