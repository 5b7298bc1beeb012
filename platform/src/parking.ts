import { type Position, type RecordedEvent, positionToString } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import { type Kysely, sql } from 'kysely';
import { CheckpointConflictError, advanceCheckpoint } from './checkpoints';
import type { AnyDatabase, Projector } from './projector';

/**
 * Why an event could not be applied, which decides what the runtime does with it:
 * - `ownership`: another instance moved the checkpoint; this one steps back (never parks).
 * - `transient`: the database or the network, not the event (connection lost, serialization
 *   failure, deadlock, a server shutting down, a missing table or column); retried with backoff,
 *   never parked: every event would fail alike, and parking them all would silently empty the read model.
 * - `data`: Postgres refused the values (SQLSTATE class 22, data exception: an integer out of
 *   range, a string too long; class 23, integrity: not null, unique, check, foreign key). The same
 *   event against the same rows gets the same answer, so it is parked at once rather than
 *   holding every waiter through retries that cannot succeed.
 * - `unknown`: anything else (a bug in the handler, a failed side effect): tried a few times in
 *   place, then parked.
 */
export type FailureKind = 'ownership' | 'transient' | 'data' | 'unknown';

const TRANSIENT_CLASSES = ['08', '40', '53', '55', '57', '58', 'XX', '3F'];
/**
 * Of class 42, what is missing or forbidden (a table, a column, a function, a grant) fails every
 * event alike; a syntax error or a type mismatch usually comes from one event's values (an empty
 * list in `in ()`), so those count as `unknown`.
 */
const ENVIRONMENT_CODES = new Set(['42P01', '42703', '42883', '42501', '42P02']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// pg reports a dropped connection or an exhausted pool without a SQLSTATE.
const CONNECTION_MESSAGES =
  /connection terminated|connection error|not queryable|timeout exceeded when trying to connect|cannot use a pool after calling end|the database system is (starting|shutting) /i;

export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof CheckpointConflictError) return 'ownership';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return 'transient';
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const sqlClass = code.slice(0, 2);
      if (sqlClass === '22' || sqlClass === '23') return 'data';
      if (TRANSIENT_CLASSES.includes(sqlClass) || ENVIRONMENT_CODES.has(code)) return 'transient';
    }
  }
  if (error instanceof Error && CONNECTION_MESSAGES.test(error.message)) return 'transient';
  return 'unknown';
}

export interface ParkedEvent {
  projector: string;
  position: Position;
  eventId: string;
  type: string;
  streamId: string;
  revision: number;
  companyId: number | null;
  error: string;
  /** SQLSTATE or the error's own code, when it has one. */
  errorCode: string | null;
  attempts: number;
  parkedAt: Date;
  lastAttemptAt: Date;
}

/** Runs inside ensureSchemas (schema lock held): the table lives beside the checkpoints. */
export async function createParkedEventsTable(trx: Kysely<AnyDatabase>): Promise<void> {
  await sql`
    create table if not exists projection.parked_events (
      projector text not null,
      commit_position numeric(20, 0) not null,
      prepare_position numeric(20, 0) not null,
      event_id text not null,
      event_type text not null,
      stream_id text not null,
      revision integer not null,
      company_id integer,
      error text not null,
      error_code text,
      attempts integer not null,
      parked_at timestamptz not null default now(),
      last_attempt_at timestamptz not null default now(),
      primary key (projector, commit_position, prepare_position)
    )`.execute(trx);
}

const describeError = (error: unknown): { message: string; code: string | null } => {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return { message: message.slice(0, 2000), code: typeof code === 'string' || typeof code === 'number' ? String(code) : null };
};

/**
 * Moves the checkpoint past `event` and records it as parked, in one transaction: a crash leaves
 * either the event still ahead of the checkpoint or parked, never lost. Parked again (a rebuild
 * meeting the same event), the row keeps its first time and counts the attempts.
 */
export async function parkEvent(
  db: Kysely<AnyDatabase>,
  projector: Projector,
  from: Position | 'start',
  event: RecordedEvent,
  error: unknown,
  attempts: number,
): Promise<void> {
  const { message, code } = describeError(error);
  await db.transaction().execute(async (trx) => {
    await advanceCheckpoint(trx, projector.name, projector.version, from, event.position);
    await sql`
      insert into projection.parked_events
        (projector, commit_position, prepare_position, event_id, event_type, stream_id, revision, company_id, error, error_code, attempts)
      values (${projector.name}, ${event.position.commit.toString()}, ${event.position.prepare.toString()}, ${event.id}, ${event.type},
        ${event.streamId}, ${event.revision}, ${event.metadata?.companyId ?? null}, ${message}, ${code}, ${attempts})
      on conflict (projector, commit_position, prepare_position) do update
        set error = excluded.error, error_code = excluded.error_code, attempts = projection.parked_events.attempts + excluded.attempts, last_attempt_at = now()`.execute(
      trx,
    );
  });
}

interface ParkedRow {
  projector: string;
  commit_position: string;
  prepare_position: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  revision: number;
  company_id: number | null;
  error: string;
  error_code: string | null;
  attempts: number;
  parked_at: Date;
  last_attempt_at: Date;
}

const toParked = (row: ParkedRow): ParkedEvent => ({
  projector: row.projector,
  position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  eventId: row.event_id,
  type: row.event_type,
  streamId: row.stream_id,
  revision: row.revision,
  companyId: row.company_id,
  error: row.error,
  errorCode: row.error_code,
  attempts: row.attempts,
  parkedAt: row.parked_at,
  lastAttemptAt: row.last_attempt_at,
});

const isMissingTable = (error: unknown) => (error as { code?: unknown } | null)?.code === '42P01';

/** A projector's parked events in position order (none when the runtime never created the table). */
export async function listParked(db: Kysely<AnyDatabase>, projector: string): Promise<ParkedEvent[]> {
  try {
    const { rows } = await sql<ParkedRow>`
      select projector, commit_position::text, prepare_position::text, event_id, event_type, stream_id, revision, company_id,
        error, error_code, attempts, parked_at, last_attempt_at
      from projection.parked_events where projector = ${projector}
      order by commit_position, prepare_position`.execute(db);
    return rows.map(toParked);
  } catch (error) {
    if (isMissingTable(error)) return [];
    throw error;
  }
}

/** Parked events per projector name (absent: none). */
export async function parkedCounts(db: Kysely<AnyDatabase>): Promise<Map<string, number>> {
  try {
    const { rows } = await sql<{ projector: string; parked: number }>`
      select projector, count(*)::int as parked from projection.parked_events group by projector`.execute(db);
    return new Map(rows.map((row) => [row.projector, row.parked]));
  } catch (error) {
    if (isMissingTable(error)) return new Map();
    throw error;
  }
}

/** A rebuild replays everything: what was parked is met again (and parked again if it still fails). */
export async function forgetParked(trx: Kysely<AnyDatabase>, projector: string): Promise<void> {
  await sql`delete from projection.parked_events where projector = ${projector}`.execute(trx);
}

export interface RetryOutcome {
  event: ParkedEvent;
  outcome: 'applied' | 'failed' | 'skipped' | 'missing';
  /** Why it failed again, or why it was skipped. */
  reason?: string;
}

/**
 * Re-applies a projector's parked events, oldest first, each through the projector's own handler
 * in a transaction that also removes its parked row; one that fails again stays parked with one
 * more attempt. The checkpoint does not move: it is already past them.
 *
 * The event is applied after events that came later, which is only exact when none of those
 * touched what it touches. The guard checks the event's own stream, where order matters most (an
 * aggregate's row): when a later event of that stream is handled by the projector, the event is
 * skipped, unless `force`, and the exact remedy is `rebuild`, which replays everything in order.
 */
export async function retryParked(options: { db: Kysely<AnyDatabase>; store: EventStore; projector: Projector; force?: boolean }): Promise<RetryOutcome[]> {
  const { db, store, projector } = options;
  const handled = new Set(projector.eventTypes);
  const outcomes: RetryOutcome[] = [];
  for (const parked of await listParked(db, projector.name)) {
    const stream = await store.readStream(parked.streamId, { fromRevision: parked.revision });
    const event = stream.find((candidate) => candidate.id === parked.eventId);
    if (!event) {
      outcomes.push({ event: parked, outcome: 'missing', reason: `event ${parked.eventId} not found in stream ${parked.streamId}` });
      continue;
    }
    const later = stream.find((candidate) => candidate.revision > event.revision && handled.has(candidate.type));
    if (later && !options.force) {
      const reason = `${later.type} at revision ${later.revision} of ${event.streamId} came later; rebuild the projector (or retry with --force)`;
      outcomes.push({ event: parked, outcome: 'skipped', reason });
      continue;
    }
    try {
      if (projector.react) await projector.react([event]);
      await db.transaction().execute(async (trx) => {
        await projector.handle(trx, [event]);
        await sql`delete from projection.parked_events
          where projector = ${projector.name} and commit_position = ${event.position.commit.toString()} and prepare_position = ${event.position.prepare.toString()}`.execute(
          trx,
        );
      });
      outcomes.push({ event: parked, outcome: 'applied' });
    } catch (error) {
      const { message, code } = describeError(error);
      await sql`update projection.parked_events set attempts = attempts + 1, error = ${message}, error_code = ${code}, last_attempt_at = now()
        where projector = ${projector.name} and commit_position = ${event.position.commit.toString()} and prepare_position = ${event.position.prepare.toString()}`.execute(
        db,
      );
      outcomes.push({ event: parked, outcome: 'failed', reason: message });
    }
  }
  return outcomes;
}

export const describeParked = (parked: ParkedEvent): string =>
  `${positionToString(parked.position)} ${parked.type} (${parked.streamId}@${parked.revision}) attempts=${parked.attempts}: ${parked.error}`;
