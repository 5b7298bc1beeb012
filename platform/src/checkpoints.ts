import { type Position, type RecordedEvent, positionToString } from '@conversa/contracts';
import { CompiledQuery, type Kysely, type Transaction, sql } from 'kysely';
import type { AnyDatabase, AfterCommit, Projector, RawProjectionChange } from './projector';
import { createParkedEventsTable } from './parking';
import { withSchemaLock } from './schemas';
import { createFrameTables, writeFrames } from './frames';
import { sharedCorrelationId } from '@conversa/eventstore';

/** Where a projector stands: its committed position and the version that wrote its tables. */
export interface Checkpoint {
  version: number;
  position: Position | 'start';
}

/**
 * The checkpoint row moved under the runtime's feet: another instance committed (or rebuilt)
 * since this one read it, so this instance no longer owns the projector.
 */
export class CheckpointConflictError extends Error {
  readonly code = 'ERR_PROJECTION_CHECKPOINT_CONFLICT';
  constructor(readonly projector: string) {
    super(`Checkpoint of projector ${projector} was moved by another instance`);
    this.name = 'CheckpointConflictError';
  }
}

// Checkpoints are runtime bookkeeping, not an analyst interface: they stay out of schema `read`.
/** Creates schemas `projection` (checkpoints, parked events) and `read` (read tables). Safe to run concurrently. */
export async function ensureSchemas(db: Kysely<AnyDatabase>): Promise<void> {
  await withSchemaLock(db, async (trx) => {
    await sql`create schema if not exists projection`.execute(trx);
    await sql`create schema if not exists read`.execute(trx);
    await sql`
      create table if not exists projection.checkpoints (
        name text primary key,
        version integer not null,
        commit_position numeric(20, 0),
        prepare_position numeric(20, 0),
        updated_at timestamptz not null default now()
      )`.execute(trx);
    await createParkedEventsTable(trx);
    await createFrameTables(trx);
    await sql.raw(ADVANCE_CHECKPOINT_FUNCTION).execute(trx);
  });
}

interface CheckpointRow {
  name: string;
  version: number;
  commit_position: string | null;
  prepare_position: string | null;
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  version: row.version,
  position:
    row.commit_position === null || row.prepare_position === null ? 'start' : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
});

export async function readCheckpoint(db: Kysely<AnyDatabase>, name: string): Promise<Checkpoint | undefined> {
  const { rows } = await sql<CheckpointRow>`
    select name, version, commit_position::text, prepare_position::text
    from projection.checkpoints where name = ${name}`.execute(db);
  return rows[0] && toCheckpoint(rows[0]);
}

/**
 * Back to the start at `version` (or to `position`: a reactor deployed "from now"); run in the
 * transaction that drops and recreates the tables.
 */
export async function resetCheckpoint(trx: Kysely<AnyDatabase>, name: string, version: number, position: Position | 'start' = 'start'): Promise<void> {
  const commit = position === 'start' ? null : position.commit.toString();
  const prepare = position === 'start' ? null : position.prepare.toString();
  await sql`
    insert into projection.checkpoints (name, version, commit_position, prepare_position, updated_at)
    values (${name}, ${version}, ${commit}, ${prepare}, now())
    on conflict (name) do update
      set version = excluded.version, commit_position = excluded.commit_position, prepare_position = excluded.prepare_position, updated_at = now()`.execute(
    trx,
  );
}

const commitOf = (p: Position | 'start') => (p === 'start' ? null : p.commit.toString());
const prepareOf = (p: Position | 'start') => (p === 'start' ? null : p.prepare.toString());

/** What `projection.advance_checkpoint` raises when the row is not where the caller left it. */
const CHECKPOINT_MOVED = 'CKMOV';

/**
 * Moves a checkpoint, fenced: it only succeeds if the row still says (version, from), else it
 * raises CKMOV. A function, so one statement both moves it and refuses a moved row without the
 * caller reading a row count (a batch sends it in the same round trip as its `begin`).
 * The transaction then commits without waiting for its WAL to reach the disk: read models are
 * rebuilt from the event store and reactors are idempotent, so a batch lost in a crash goes with
 * its checkpoint and is simply applied again.
 */
const ADVANCE_CHECKPOINT_FUNCTION = `
  create or replace function projection.advance_checkpoint(p_name text, p_version integer, p_from_commit numeric, p_from_prepare numeric, p_to_commit numeric, p_to_prepare numeric)
  returns void language plpgsql as $fn$
  begin
    update projection.checkpoints
    set commit_position = p_to_commit, prepare_position = p_to_prepare, updated_at = now()
    where name = p_name and version = p_version
      and commit_position is not distinct from p_from_commit
      and prepare_position is not distinct from p_from_prepare;
    if not found then
      raise exception 'checkpoint of % was moved', p_name using errcode = '${CHECKPOINT_MOVED}';
    end if;
    perform set_config('synchronous_commit', 'off', true);
  end
  $fn$`;

const isCheckpointMoved = (error: unknown): boolean => (error as { code?: unknown } | undefined)?.code === CHECKPOINT_MOVED;

const literal = (value: string | null): string => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/** The call as plain SQL text (no parameters), so it can share a round trip with `begin`. */
function advanceCall(name: string, version: number, from: Position | 'start', to: Position): string {
  const numeric = (value: string | null) => `${literal(value)}::numeric`;
  const positions = [commitOf(from), prepareOf(from), to.commit.toString(), to.prepare.toString()].map(numeric);
  return `select projection.advance_checkpoint(${literal(name)}, ${Math.trunc(version)}, ${positions.join(', ')})`;
}

/**
 * Moves the checkpoint from `from` to `to`, fenced: it only succeeds if the row still says
 * (`version`, `from`). Run first in the batch transaction, so the row lock also serialises two
 * instances that both believe they own the projector; the loser sees a moved row and rolls back.
 */
export async function advanceCheckpoint(trx: Kysely<AnyDatabase>, name: string, version: number, from: Position | 'start', to: Position): Promise<void> {
  try {
    await sql.raw(advanceCall(name, version, from, to)).execute(trx);
  } catch (error) {
    if (isCheckpointMoved(error)) throw new CheckpointConflictError(name);
    throw error;
  }
}

/**
 * The unit of work of the read side: the projector's row changes and the checkpoint move
 * commit together or not at all. Returns what to publish once committed. `pipelined`: the db's
 * connections run pg in pipeline mode, so the batch's first statement goes out with its `begin`.
 */
/**
 * A reactor's checkpoint as stored, when it is written now and then rather than after every batch:
 * a reactor is idempotent (a crash before its checkpoint moves runs the batch again), so what it
 * did since `position` is merely done again by whoever resumes from there.
 */
export interface StoredCheckpoint {
  position: Position | 'start';
  writtenAt: number;
  everyMs: number;
}

export async function applyBatch(
  db: Kysely<AnyDatabase>,
  projector: Projector,
  from: Position | 'start',
  events: readonly RecordedEvent[],
  options: { pipelined?: boolean; stored?: StoredCheckpoint; frames?: boolean } = {},
): Promise<{ position: Position; changes: RawProjectionChange[] | AfterCommit }> {
  const last = events[events.length - 1];
  if (!last) throw new Error(`Empty batch for projector ${projector.name} after ${from === 'start' ? 'start' : positionToString(from)}`);
  if (projector.react) await projector.react(events);
  // A reactor owns no table: its checkpoint moves in one statement, its own transaction; with a
  // stored checkpoint, only once `everyMs` has passed since the last write (fenced from there).
  if (projector.tables.length === 0) {
    const { stored } = options;
    if (stored && Date.now() - stored.writtenAt < stored.everyMs)
      return { position: last.position, changes: await projector.handle(db as Transaction<AnyDatabase>, events) };
    await advanceCheckpoint(db, projector.name, projector.version, stored?.position ?? from, last.position);
    if (stored) Object.assign(stored, { position: last.position, writtenAt: Date.now() });
    const changes = await projector.handle(db as Transaction<AnyDatabase>, events);
    return { position: last.position, changes };
  }
  const begin = `begin; ${advanceCall(projector.name, projector.version, from, last.position)}`;
  // Frames to publish are built and numbered in the transaction (frames.ts): they exist exactly when the batch does.
  const work = options.frames
    ? async (trx: Transaction<AnyDatabase>) => {
        const changes = await projector.handle(trx, events);
        const correlationOf = (companyId: number) => sharedCorrelationId(events.filter((event) => event.metadata.companyId === companyId));
        return writeFrames(trx, projector.name, typeof changes === 'function' ? await changes(trx) : changes, correlationOf);
      }
    : (trx: Transaction<AnyDatabase>) => projector.handle(trx, events);
  const changes = await inBatchTransaction(db, projector.name, begin, work, options.pipelined ?? false);
  return { position: last.position, changes };
}

/**
 * A batch's transaction, whose `begin` and checkpoint move travel in one round trip: plain text,
 * so Postgres takes both in one simple query, and the transaction stays open after it. Pipelined,
 * the work's first statement follows without waiting for that answer: a checkpoint that moved
 * then fails the work too (the transaction is aborted), and the moved checkpoint is what is reported.
 */
async function inBatchTransaction<T>(
  db: Kysely<AnyDatabase>,
  name: string,
  begin: string,
  work: (trx: Transaction<AnyDatabase>) => Promise<T>,
  pipelined: boolean,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    let beginFailure: { error: unknown } | undefined;
    let begun: Promise<void> = Promise.resolve();
    // Kysely runs one query at a time on a connection: handed to the driver directly instead, the
    // begin is on the wire at once and the work's first statement can follow it unanswered.
    await connection.getExecutor().provideConnection(async (driverConnection) => {
      begun = driverConnection.executeQuery(CompiledQuery.raw(begin)).then(
        () => undefined,
        (error: unknown) => void (beginFailure = { error }),
      );
    });
    if (!pipelined) await begun;
    let workFailure: { error: unknown } | undefined;
    let result: T | undefined;
    if (!beginFailure) {
      try {
        result = await work(connection as Transaction<AnyDatabase>);
      } catch (error) {
        workFailure = { error };
      }
    }
    await begun;
    if (beginFailure || workFailure) {
      await sql.raw('rollback').execute(connection);
      if (beginFailure) throw isCheckpointMoved(beginFailure.error) ? new CheckpointConflictError(name) : beginFailure.error;
      throw workFailure!.error;
    }
    const { rows } = await sql.raw<{ command?: string }>('commit').execute(connection);
    // Postgres answers COMMIT with ROLLBACK when an earlier statement left the transaction aborted.
    if (rows[0]?.command === 'ROLLBACK') throw new Error('The batch transaction was aborted');
    return result as T;
  });
}
