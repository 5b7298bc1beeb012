import { productEventRegistry, type EventRegistry } from '@conversa/contracts';
import { createSecretBox } from '@conversa/core';
import { StateCache, type EventStore } from '@conversa/eventstore';
import { cachedVault, createPostgresKeyVault, sealedEventStore } from '@conversa/eventstore/personal/index';
import { createPostgresEventStore } from '@conversa/eventstore/postgres/index';
import { createPostgresSnapshotStore } from '@conversa/eventstore/state/snapshots';
import type { Config } from './config';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { ProcessLogger } from './process-log';

/**
 * The write side's storage: the Postgres (embedded unless DATABASE_URL names one), the event store (Postgres, or
 * EventStoreDB when EVENTSTORE_URL is set) sealed with the contacts' data keys, the keys' vault, and the folded states'
 * cache over its snapshots. `sealPersonalData: false` is the benchmark's unsealed baseline.
 */
export async function openStores(config: Config, log: ProcessLogger, options: { sealPersonalData?: boolean }) {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const registry = productEventRegistry();
  const eventStore = config.eventStoreUrl
    ? await createEventStoreDb(config.eventStoreUrl, registry)
    : await createPostgresEventStore({
        connectionString: databaseUrl,
        registry,
        appendSpacingMs: config.eventSpacing.appendMs,
        tailSpacingMs: config.eventSpacing.tailMs,
      });
  // Contacts' personal fields are sealed with their data keys at the store's boundary, whichever store keeps the events.
  const keys = cachedVault(await createPostgresKeyVault({ connectionString: databaseUrl, sealer: createSecretBox(config.secretsKey) }));
  const store = options.sealPersonalData === false ? eventStore : sealedEventStore(eventStore, { registry, vault: keys });
  // Snapshots live in Postgres whichever store keeps the events; a command reads only what came after its cached or snapshotted state.
  const snapshots = await createPostgresSnapshotStore({ connectionString: databaseUrl });
  const states = new StateCache({
    snapshots,
    onSnapshotError: (error, streamId) => log.warn({ component: 'snapshots', err: error, streamId }, 'snapshot not kept'),
  });
  return { embedded, databaseUrl, registry, eventStore, keys, store, snapshots, states };
}

async function createEventStoreDb(url: string, registry: EventRegistry): Promise<EventStore> {
  // Loaded only when asked for, so the embedded default never loads gRPC.
  const { createEventStoreDbStore } = await import('@conversa/eventstore/esdb/index');
  return createEventStoreDbStore({ connectionString: url, registry });
}
