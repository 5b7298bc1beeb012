import type { ProductEventType, PublishedFrame, RecordedEvent, RecordedProductEvent } from '@conversa/contracts';
import type { Kysely, Transaction } from 'kysely';

/**
 * What a projector changed in one batch, published on the bus after its transaction commits: a frame of contracts'
 * catalogue (contracts/src/frames.ts), its entity the last token of the subject `company.<companyId>.<entity>`.
 */
export type ProjectionChange = PublishedFrame;

/** A change as the runtime carries it, whichever projector made it (test fixtures publish entities of their own). */
export interface RawProjectionChange {
  companyId: number;
  entity: string;
  /** The frame body as the socket carries it, e.g. `{ action: 'update', ticket: {...} }`. */
  data: unknown;
}

/**
 * The product's database, whatever its tables: the runtime reaches its own tables with sql and hands
 * projectors the connection it was given. Kysely<DB> is invariant in DB, so only any says "any schema".
 */
// oxlint-disable-next-line typescript/no-explicit-any
export type AnyDatabase = any;

/** Frames built once the batch has committed, from the committed rows. */
export type AfterCommit<DB = AnyDatabase, Change = RawProjectionChange> = (db: Kysely<DB>) => Promise<Change[]>;

/**
 * A read model: it owns its tables (in schema `read`), creates them in `migrate`, and turns
 * events into row changes inside the transaction the runtime gives it. Replayable from zero.
 * Bump `version` when the tables or the mapping change: the runtime then rebuilds it.
 */
export interface Projector<DB = AnyDatabase> {
  name: string;
  version: number;
  /** Event types it handles; the runtime subscribes with this filter. */
  eventTypes: readonly string[];
  /** Fully qualified tables it owns (`read.tickets`), dropped on rebuild. */
  tables: readonly string[];
  /**
   * At the live edge, how long a batch may wait for more events before it is applied (default 0:
   * at once). Round trips cost more than rows, so a projector whose changes nobody is watching to
   * the millisecond (message rows, bot bookkeeping) lingers and applies bigger batches, leaving
   * the machine to the ones that are (the ticket list). Anyone waiting on it (read-your-writes)
   * ends the wait at once.
   */
  lingerMs?: number;
  /** Creates its tables and indexes (idempotent: `if not exists`). */
  migrate(db: Kysely<DB>): Promise<void>;
  /**
   * Applies a batch of events; returns what to publish once the batch has committed, or a
   * function that builds it then (reading the committed rows outside the batch's transaction, so
   * the transaction stays open only for the writes). Building them from the rows the batch's own
   * statements return (`returning`) spares the round trip altogether.
   */
  handle(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<RawProjectionChange[] | AfterCommit<DB>>;
  /**
   * Side effects of a reactor (send on a channel, deliver a webhook), run before the batch's
   * transaction so no write transaction stays open while the outside world answers. Must be
   * idempotent: a crash before the checkpoint commits runs the batch again.
   */
  react?(events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Set on one partition of a projector partitioned by company (see partitionByCompany): it
   * applies only the events of companies with companyId mod count = index, under its own lease
   * and checkpoint, into the tables it shares with its sibling partitions.
   */
  partition?: ProjectorPartition;
  /**
   * Where a reactor's first lease starts when it has no checkpoint yet: 'start' (default) replays the
   * whole log; 'now' records the store's head as its checkpoint, so a reactor deployed on a database
   * with history acts only on what comes after (docs/ARCHITECTURE.md "Side effects as reactors").
   */
  startFrom?: 'start' | 'now';
}

export interface ProjectorPartition {
  /** The projector's own name (`messages`); the partition's name is `messages#<index>/<count>`. */
  of: string;
  index: number;
  count: number;
}

/** The linger of projectors whose output a person does not watch to the millisecond (see Projector.lingerMs). */
export const BACKGROUND_LINGER_MS = 25;

/**
 * The linger of reactors whose effects leave for another system or answer a contact's reply to
 * a campaign (webhook deliveries, campaign replies): nobody there waits to the tenth of a second,
 * and each of their batches reads settings and subscribers, so longer batches cost fewer reads.
 */
export const EFFECTS_LINGER_MS = 100;

/**
 * The linger of the bot's side: its decisions answer in a contact's chat, where replies take
 * seconds anyway, and its clocks count minutes. Longer batches there leave the shared cores to the
 * frames people watch.
 */
export const BOT_LINGER_MS = 100;

/**
 * A projector as its area writes it: `handle` receives only the event types it names, their data
 * typed by the catalog's schemas, and naming a type the catalog lacks does not compile; the frames it
 * returns are the frame catalogue's (an entity it lacks, or a body of the wrong shape, does not compile).
 */
export interface ProjectorOf<DB, T extends ProductEventType> extends Omit<Projector<DB>, 'eventTypes' | 'handle'> {
  eventTypes: readonly T[];
  handle(trx: Transaction<DB>, events: readonly RecordedProductEvent<T>[]): Promise<ProjectionChange[] | AfterCommit<DB, ProjectionChange>>;
}

// The runtime hands each projector only the types it subscribed to, parsed by the registry: the
// narrowing holds, so the typed handler stands in for the untyped one.
export const defineProjector = <DB, const T extends ProductEventType>(projector: ProjectorOf<DB, T>): Projector<DB> => projector as unknown as Projector<DB>;

/** A projector of events outside the product's catalog (test fixtures, benches): untyped events. */
export const defineRawProjector = <DB>(projector: Projector<DB>): Projector<DB> => projector;

export interface Reactor {
  name: string;
  eventTypes: readonly string[];
  /** See Projector.lingerMs. */
  lingerMs?: number;
  /** Acts on a batch; idempotent, keyed by what the events name (a message id, a scheduled message's id). */
  react(events: readonly RecordedEvent[]): Promise<void>;
  /** See Projector.startFrom. */
  startFrom?: 'start' | 'now';
}

/**
 * A reactor as its area writes it: `react` receives only the event types it names, their data typed by the
 * catalog's schemas (as defineProjector's `handle`), and naming a type the catalog lacks does not compile.
 */
export interface ReactorOf<T extends ProductEventType> extends Omit<Reactor, 'eventTypes' | 'react'> {
  eventTypes: readonly T[];
  react(events: readonly RecordedProductEvent<T>[]): Promise<void>;
}

/**
 * A checkpointed subscriber with effects instead of tables (docs/ARCHITECTURE.md "Side effects as reactors"). It runs on
 * a projection runtime of its own, so commands never wait for it, and it owns no table: a version
 * bump never replays its history.
 */
// The runtime hands it only the types it subscribed to, parsed by the registry (see defineProjector).
export const defineReactor = <const T extends ProductEventType>(reactor: ReactorOf<T>): Projector => defineRawReactor(reactor as unknown as Reactor);

/** A reactor on events outside the product's catalog (test fixtures): untyped events. */
export const defineRawReactor = (reactor: Reactor): Projector => ({
  name: reactor.name,
  version: 1,
  eventTypes: reactor.eventTypes,
  ...(reactor.lingerMs === undefined ? {} : { lingerMs: reactor.lingerMs }),
  ...(reactor.startFrom === undefined ? {} : { startFrom: reactor.startFrom }),
  tables: [],
  migrate: async () => {},
  handle: async () => [],
  react: (events) => reactor.react(events),
});

/** The name of a partition's lease and checkpoint: `messages#0/2`; a single partition keeps the projector's name. */
export const partitionName = (name: string, index: number, count: number): string => (count <= 1 ? name : `${name}#${index}/${count}`);

/**
 * The projectors named in `partitioned`, each as `count` partitions by company (companyId mod
 * count); the others as they are. All processes of a deployment must use the same count: each
 * count keeps checkpoints of its own, and a changed count rebuilds the partitioned read models.
 */
export function partitionByCompany(projectors: readonly Projector[], count: number, partitioned: readonly string[]): Projector[] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`Partition count must be a whole number of at least 1 (got ${count})`);
  if (count === 1) return [...projectors];
  const chosen = new Set(partitioned);
  return projectors.flatMap((projector) =>
    chosen.has(projector.name) && projector.tables.length > 0
      ? Array.from({ length: count }, (_, index): Projector => ({
          ...projector,
          name: partitionName(projector.name, index, count),
          partition: { of: projector.name, index, count },
        }))
      : [projector],
  );
}

/** The projector's own name: a partition's base, else its name. */
export const baseName = (projector: Projector): string => projector.partition?.of ?? projector.name;

/** The store filter of what the projector applies: its event types, and its companies when it is a partition. */
export const projectorFilter = (projector: Projector): { eventTypes: readonly string[]; companyPartition?: { index: number; count: number } } =>
  projector.partition
    ? { eventTypes: projector.eventTypes, companyPartition: { index: projector.partition.index, count: projector.partition.count } }
    : { eventTypes: projector.eventTypes };
