import { afterAll, beforeAll, describe } from 'vitest';
import type { EventStore } from '../port';
import { describeAppending } from './appending';
import { describeMultiAppend } from './multi-append';
import { describePersonalData, type SealedParts } from './personal';
import { describeReading } from './reading';
import { describeFoldedState } from './state';
import { describeSubscribing } from './subscribing';
import type { SnapshotStore } from '../state/snapshots';

export { collect, settle } from './collector';
export * from './events';
export type { SealedParts } from './personal';

/**
 * Behaviour every EventStore adapter shares. `setup` runs once for the file; tests use
 * unique stream ids, so the store may hold other tests' events. The write side's folded state runs
 * over the store twice: without snapshots and with the given snapshot store. A sealed store (personal
 * data, docs/lgpd.md) also answers its parts, and the personal-data topic runs on it.
 */
export function describeEventStoreConformance(
  adapterName: string,
  setup: () => Promise<{ store: EventStore; snapshots: SnapshotStore; sealed?: SealedParts; teardown(): Promise<void> }>,
  options: { sealed?: boolean } = {},
): void {
  describe(`EventStore conformance: ${adapterName}`, () => {
    let store: EventStore;
    let snapshots: SnapshotStore;
    let teardown: (() => Promise<void>) | undefined;
    let sealed: SealedParts | undefined;

    beforeAll(async () => {
      const created = await setup();
      store = created.store;
      snapshots = created.snapshots;
      teardown = created.teardown;
      sealed = created.sealed;
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
    describeFoldedState(
      () => store,
      () => snapshots,
    );
    if (options.sealed)
      describePersonalData(
        () => store,
        () => sealed!,
      );
  });
}
