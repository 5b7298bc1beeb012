import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { testDatabase } from '../../testing/src/database';
import { createConformanceRegistry } from '../src/conformance/suite';
import type { EventStore } from '../src/port';
import { createPostgresEventStore } from '../src/postgres/index';

/**
 * What the Postgres event store specs share: a fresh database per spec file, an admin pool on it, and
 * two stores (one polling once a minute, so a test passing in seconds proves the wake-up path it
 * targets). Importing it registers the file's hooks.
 */
export let db: { url: string; drop(): Promise<void> };
export let admin: pg.Pool;
export let store: EventStore;
export let slowPolling: EventStore;

beforeAll(async () => {
  db = await testDatabase('eventstore');
  admin = new pg.Pool({ connectionString: db.url, max: 4 });
  // An idle connection ended by the server (the database dropped while the pool closes) is an error event on the pool: nothing to do.
  admin.on('error', () => {});
  store = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry() });
  slowPolling = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry(), pollIntervalMs: 60_000 });
});

afterAll(async () => {
  await Promise.all([store?.close(), slowPolling?.close()]);
  await admin?.end();
  await db?.drop();
});

export const uniquePrefix = (): string => `pg${randomUUID().replaceAll('-', '').slice(0, 12)}-`;
