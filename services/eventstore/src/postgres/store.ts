import type { EventRegistry, Position, RecordedEvent } from '@conversa/contracts';
import pg from 'pg';
import type { EventFilter, EventStore, ReadAllOptions, ReadStreamOptions, SubscribeToAllOptions, Subscription } from '../port';
import { PostgresAppends } from './append';
import { assertSchemaName, migrateEventStore, notifyChannel } from './migration';
import { AppendNotifier } from './notifier';
import {
  START,
  countAfterStatement,
  headPositionStatement,
  readAllStatement,
  readStreamStatement,
  readStreamsStatement,
  rowPosition,
  subscriptionPageStatement,
  type EventRow,
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
  /**
   * Under a steady stream of appends, how far apart their groups leave (see batcher.ts): each
   * append waits this long at most and shares its round trip and commit. Defaults to 0 (at once).
   */
  appendSpacingMs?: number;
  /** Under a steady stream of appends, how far apart the live tail's reads are (see tail.ts). Defaults to 0. */
  tailSpacingMs?: number;
}

/** Rows a subscription read looks at, at most, to find its batch; bounds the cost of a selective filter. */
const SCAN_WINDOW = 5_000;

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
  return new PostgresEventStore(pool, options.registry, schema, notifier, options.pollIntervalMs ?? 1000, poolSize, {
    liveTailCapacity: options.liveTailCapacity,
    appendSpacingMs: options.appendSpacingMs ?? 0,
    tailSpacingMs: options.tailSpacingMs ?? 0,
  });
}

/** Reads, subscriptions and closing; the append path lives in append.ts, the shared plumbing in store-base.ts. */
class PostgresEventStore extends PostgresAppends implements EventStore {
  readonly checksReads = true;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly tail: LiveTail;

  constructor(
    pool: pg.Pool,
    registry: EventRegistry,
    schema: string,
    notifier: AppendNotifier,
    pollIntervalMs: number,
    poolSize: number,
    spacing: { liveTailCapacity: number | undefined; appendSpacingMs: number; tailSpacingMs: number },
  ) {
    super(pool, registry, schema, notifier, pollIntervalMs, poolSize, spacing.appendSpacingMs);
    this.tail = new LiveTail(
      {
        page: (after, limit) => this.subscriptionPage(after, limit, undefined),
        head: () => this.headPosition(),
        onAppend: (wake) => this.notifier.add(wake),
      },
      { pollIntervalMs, capacity: spacing.liveTailCapacity, minReadIntervalMs: spacing.tailSpacingMs },
    );
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
    await this.batcher.drain();
    await this.notifier.close();
    await this.pool.end();
  }

  private async subscriptionPage(after: Position, limit: number, filter: EventFilter | undefined): Promise<SubscriptionPage> {
    const window =
      filter?.eventTypes?.length || filter?.streamPrefixes?.length || (filter?.companyPartition?.count ?? 1) > 1 ? Math.max(limit, SCAN_WINDOW) : limit;
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
}
