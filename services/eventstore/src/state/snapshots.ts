import { migratedPool } from '../postgres/ddl';
import { assertSchemaName } from '../postgres/migration';

/** A fold's state as it stood after one revision of a stream, encoded (see codec.ts). */
export interface StoredSnapshot {
  revision: number;
  bytes: Uint8Array;
}

/**
 * Where long streams keep their folded state. One snapshot per stream and fold key: a fold whose
 * key changed (another version of the decider) never reads the old one, it folds afresh and writes its own.
 */
export interface SnapshotStore {
  load(streamId: string, foldKey: string): Promise<StoredSnapshot | null>;
  /** Keeps the newer of the stored and the given snapshot. */
  save(streamId: string, foldKey: string, revision: number, bytes: Uint8Array): Promise<void>;
  /** Forgets every snapshot (`conversa rebuild snapshots`): the next command on each stream folds it whole and writes a fresh one. */
  drop(): Promise<number>;
  close(): Promise<void>;
}

export interface PostgresSnapshotStoreOptions {
  connectionString: string;
  /** The event store's schema; defaults to 'eventstore'. */
  schema?: string;
  /** Snapshots are read once per stream per process and written every few hundred events: a small pool. Defaults to 2. */
  poolSize?: number;
}

const ddl = (s: string): string => `
create schema if not exists ${s};
create table if not exists ${s}.snapshots (
  stream_id text not null,
  fold_key text not null,
  revision bigint not null,
  state bytea not null,
  taken_at timestamptz not null default now(),
  primary key (stream_id, fold_key)
);`;

/**
 * Snapshots in Postgres, beside the events (or, with EventStoreDB as the event store, in the product's
 * database): whichever store keeps the events, the product always has Postgres.
 */
export async function createPostgresSnapshotStore(options: PostgresSnapshotStoreOptions): Promise<SnapshotStore> {
  const schema = assertSchemaName(options.schema ?? 'eventstore');
  const pool = await migratedPool({ ...options, applicationName: 'conversa-snapshots' }, { lock: `conversa-eventstore-migration:${schema}`, ddl: ddl(schema) });
  return {
    async load(streamId, foldKey) {
      const { rows } = await pool.query<{ revision: string; state: Buffer }>({
        name: `${schema}-snapshot-load`,
        text: `select revision, state from ${schema}.snapshots where stream_id = $1 and fold_key = $2`,
        values: [streamId, foldKey],
      });
      const row = rows[0];
      return row ? { revision: Number(row.revision), bytes: row.state } : null;
    },
    async save(streamId, foldKey, revision, bytes) {
      await pool.query({
        name: `${schema}-snapshot-save`,
        text: `insert into ${schema}.snapshots (stream_id, fold_key, revision, state) values ($1, $2, $3, $4)
          on conflict (stream_id, fold_key) do update set revision = excluded.revision, state = excluded.state, taken_at = now()
          where ${schema}.snapshots.revision < excluded.revision`,
        values: [streamId, foldKey, revision, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
      });
    },
    async drop() {
      const { rowCount } = await pool.query(`delete from ${schema}.snapshots`);
      return rowCount ?? 0;
    },
    async close() {
      await pool.end();
    },
  };
}
