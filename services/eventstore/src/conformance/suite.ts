import { afterAll, beforeAll, describe } from 'vitest';
import type { EventStore } from '../port';
import { describeAppending } from './appending';
import { describeMultiAppend } from './multi-append';
import { describeReading } from './reading';
import { describeFoldedState } from './state';
import { describeSubscribing } from './subscribing';
import type { SnapshotStore } from '../state/snapshots';

export { collect, settle } from './collector';
export * from './events';

/**
 * Behaviour every EventStore adapter shares. `setup` runs once for the file; tests use
 * unique stream ids, so the store may hold other tests' events. The write side's folded state runs
 * over the store twice: without snapshots and with the given snapshot store.
 */
export function describeEventStoreConformance(adapterName: string, setup: () => Promise<{ store: EventStore; snapshots: SnapshotStore; teardown(): Promise<void> }>): void {
  describe(`EventStore conformance: ${adapterName}`, () => {
    let store: EventStore;
    let snapshots: SnapshotStore;
    let teardown: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const created = await setup();
      store = created.store;
      snapshots = created.snapshots;
      teardown = created.teardown;
    });

    afterAll(async () => {
      await teardown?.();
    });

    // Registered after the setup above, so each topic's store is the one it created.
    describeAppending(() => store);
    describeMultiAppend(() => store);
    describeReading(() => store);
    describeSubscribing(() => store);
    describeFoldedState(() => store, undefined);
    describeFoldedState(() => store, () => snapshots);
  });
}
