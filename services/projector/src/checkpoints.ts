import { type Position, type RecordedEvent, positionToString } from '@conversa/contracts';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { AfterCommit, ProjectionChange, Projector } from './projector';
import { withSchemaLock } from './schemas';

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
/** Creates schemas `projection` (checkpoints) and `read` (read tables). Safe to run concurrently. */
export async function ensureSchemas(db: Kysely<any>): Promise<void> {
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
    row.commit_position === null || row.prepare_position === null
      ? 'start'
      : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
});

export async function readCheckpoint(db: Kysely<any>, name: string): Promise<Checkpoint | undefined> {
  const { rows } = await sql<CheckpointRow>`
    select name, version, commit_position::text, prepare_position::text
    from projection.checkpoints where name = ${name}`.execute(db);
  return rows[0] && toCheckpoint(rows[0]);
}

/** Back to the start at `version`; run in the transaction that drops and recreates the tables. */
export async function resetCheckpoint(trx: Kysely<any>, name: string, version: number): Promise<void> {
  await sql`
    insert into projection.checkpoints (name, version, commit_position, prepare_position, updated_at)
    values (${name}, ${version}, null, null, now())
    on conflict (name) do update
      set version = excluded.version, commit_position = null, prepare_position = null, updated_at = now()`.execute(trx);
}

const commitOf = (p: Position | 'start') => (p === 'start' ? null : p.commit.toString());
const prepareOf = (p: Position | 'start') => (p === 'start' ? null : p.prepare.toString());

/**
 * Moves the checkpoint from `from` to `to`, fenced: it only succeeds if the row still says
 * (`version`, `from`). Run first in the batch transaction, so the row lock also serialises two
 * instances that both believe they own the projector; the loser sees a moved row and rolls back.
 */
export async function advanceCheckpoint(
  trx: Transaction<any>,
  name: string,
  version: number,
  from: Position | 'start',
  to: Position,
): Promise<void> {
  const result = await sql`
    update projection.checkpoints
    set commit_position = ${to.commit.toString()}::numeric, prepare_position = ${to.prepare.toString()}::numeric, updated_at = now()
    where name = ${name} and version = ${version}
      and commit_position is not distinct from ${commitOf(from)}::numeric
      and prepare_position is not distinct from ${prepareOf(from)}::numeric
      -- This transaction commits without waiting for its WAL to reach the disk: read models are
      -- rebuilt from the event store, and a batch lost in a crash goes with its checkpoint, so
      -- it is simply applied again. Set here to spare the batch a statement.
      and set_config('synchronous_commit', 'off', true) = 'off'`.execute(trx);
  if (result.numAffectedRows !== 1n) throw new CheckpointConflictError(name);
}

/**
 * The unit of work of the read side: the projector's row changes and the checkpoint move
 * commit together or not at all. Returns what to publish once committed.
 */
export async function applyBatch(
  db: Kysely<any>,
  projector: Projector,
  from: Position | 'start',
  events: readonly RecordedEvent[],
): Promise<{ position: Position; changes: ProjectionChange[] | AfterCommit }> {
  const last = events[events.length - 1];
  if (!last) throw new Error(`Empty batch for projector ${projector.name} after ${from === 'start' ? 'start' : positionToString(from)}`);
  if (projector.react) await projector.react(events);
  const changes = await db.transaction().execute(async (trx) => {
    await advanceCheckpoint(trx, projector.name, projector.version, from, last.position);
    return projector.handle(trx, events);
  });
  return { position: last.position, changes };
}
