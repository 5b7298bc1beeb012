import { describe } from 'vitest';
import { testDatabase } from '../../testing/src/database';
import { createConformanceRegistry, describeEventStoreConformance } from '../src/conformance/suite';
import { createEventStoreDbStore } from '../src/esdb/index';
import type { EventStore } from '../src/port';
import { createPostgresSnapshotStore } from '../src/state/snapshots';
import { startEsdbTestDouble } from './support/esdb-test-double/index';

/** Snapshots live in Postgres whichever store keeps the events (the product always has Postgres). */
async function withSnapshots(store: EventStore, stop: () => Promise<void>) {
  const database = await testDatabase('esdb_snapshots');
  const snapshots = await createPostgresSnapshotStore({ connectionString: database.url });
  return {
    store,
    snapshots,
    async teardown() {
      await Promise.all([store.close(), snapshots.close()]);
      await stop();
      await database.drop();
    },
  };
}

describeEventStoreConformance('EventStoreDB adapter on the in-process test double', async () => {
  const double = await startEsdbTestDouble();
  const store = createEventStoreDbStore({ connectionString: double.connectionString, registry: createConformanceRegistry() });
  return withSnapshots(store, () => double.stop());
});

// The same suite against a real server, e.g. EVENTSTORE_URL=esdb://localhost:2113?tls=false (infra/docker-compose.yml).
describe.runIf(!!process.env.EVENTSTORE_URL)('against a real EventStoreDB (EVENTSTORE_URL)', () => {
  describeEventStoreConformance('EventStoreDB adapter on EVENTSTORE_URL', async () => {
    const store = createEventStoreDbStore({ connectionString: process.env.EVENTSTORE_URL!, registry: createConformanceRegistry() });
    return withSnapshots(store, async () => {});
  });
});
