/**
 * What the projection specs (`projections/<area>/*.int.spec.ts`) share: a fresh read database with
 * the projectors a spec names, a recorder of events at growing positions, and a batch applied as the
 * runtime applies it. Only specs import this file.
 */
import type { RecordedEvent } from '@conversa/contracts';
import type { ProjectionChange } from '@conversa/platform';
import { testDatabase } from '@conversa/testing/database';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

interface Migrates {
  migrate(db: Kysely<any>): Promise<void>;
}
interface Handles {
  handle(trx: any, events: any): Promise<unknown>;
}

/**
 * A fresh database on the run's Postgres with schema `read` and the given projectors migrated, in
 * order. Call in beforeAll; `close` in afterAll.
 */
export const readDatabase = async <DB = any>(prefix: string, projectors: readonly Migrates[]) => {
  const database = await testDatabase(prefix);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) });
  await sql`create schema read`.execute(db);
  for (const projector of projectors) await projector.migrate(db);
  const close = async () => {
    await db.destroy();
    await database.drop();
  };
  return { db, close };
};

/**
 * Records events as the store would, one position each: `recorded(type, data, companyId?, occurredAt?)`.
 * The positions start at 1 for each recorder.
 */
export const eventRecorder = (defaults: { companyId?: number; occurredAt?: string } = {}) => {
  let position = 0n;
  return (type: string, data: unknown, companyId = defaults.companyId ?? 2, occurredAt = defaults.occurredAt ?? '2026-05-01T12:00:00.000Z'): RecordedEvent => {
    position += 1n;
    return {
      id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      streamId: 'test',
      revision: 0,
      type,
      data,
      metadata: {
        companyId,
        actor: { kind: 'system', id: 't' },
        correlationId: 'c',
        causationId: 'c',
        occurredAt,
        schemaVersion: 1,
        prevHash: null,
        hash: 'h',
      },
      position: { commit: position, prepare: position },
      createdAt: new Date(),
    };
  };
};

/** Applies a batch as the runtime does: writes in a transaction, then the frames from the committed rows. */
export const project = async (db: Kysely<any>, projector: Handles, events: readonly RecordedEvent[]): Promise<ProjectionChange[]> => {
  const changes = await db.transaction().execute((trx) => projector.handle(trx, events));
  return (typeof changes === 'function' ? await changes(db) : changes) as ProjectionChange[];
};
