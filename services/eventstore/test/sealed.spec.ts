import { createHash } from 'node:crypto';
import type { EventRegistry } from '@conversa/contracts';
import { testDatabase } from '../../testing/src/database';
import { createConformanceRegistry, describeEventStoreConformance } from '../src/conformance/suite';
import { createEventStoreDbStore } from '../src/esdb/index';
import { cachedVault, createPostgresKeyVault, sealedEventStore, type KeySealer } from '../src/personal/index';
import type { EventStore } from '../src/port';
import { createPostgresEventStore } from '../src/postgres/index';
import { createPostgresSnapshotStore } from '../src/state/snapshots';
import { startEsdbTestDouble } from './support/esdb-test-double/index';

/** A stand-in for the operator's SecretBox: what the vault needs of it is a reversible seal. */
const testSealer = (): KeySealer => {
  const tag = createHash('sha256').update('test').digest('hex').slice(0, 8);
  return { seal: (plain) => `${tag}:${Buffer.from(plain).toString('hex')}`, open: (sealed) => Buffer.from(sealed.slice(tag.length + 1), 'hex').toString() };
};

/** The whole suite over each store wrapped by the sealed store, plus the personal-data topic. */
async function sealedSetup(makeInner: (url: string, registry: EventRegistry) => Promise<{ store: EventStore; stop(): Promise<void> }>) {
  const database = await testDatabase('sealed');
  const registry = createConformanceRegistry();
  // One registry for both: the inner store must take the data the codec sealed as validated.
  const inner = await makeInner(database.url, registry);
  const vault = cachedVault(await createPostgresKeyVault({ connectionString: database.url, sealer: testSealer() }));
  const snapshots = await createPostgresSnapshotStore({ connectionString: database.url });
  const store = sealedEventStore(inner.store, { registry, vault });
  return {
    store,
    snapshots,
    sealed: { inner: inner.store, vault },
    async teardown() {
      await Promise.all([store.close(), snapshots.close(), vault.close()]);
      await inner.stop();
      await database.drop();
    },
  };
}

describeEventStoreConformance(
  'postgres, personal fields sealed',
  () => sealedSetup(async (url, registry) => ({ store: await createPostgresEventStore({ connectionString: url, registry }), stop: async () => {} })),
  { sealed: true },
);

describeEventStoreConformance(
  'EventStoreDB test double, personal fields sealed',
  () =>
    sealedSetup(async (_url, registry) => {
      const double = await startEsdbTestDouble();
      return { store: createEventStoreDbStore({ connectionString: double.connectionString, registry }), stop: () => double.stop() };
    }),
  { sealed: true },
);
