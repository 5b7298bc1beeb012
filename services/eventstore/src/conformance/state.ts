import type { RecordedEvent } from '@conversa/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, ReadStreamOptions } from '../port';
import { StateCache, type StateFold } from '../state/cache';
import type { SnapshotStore } from '../state/snapshots';
import { notedBatch, uniquePrefix } from './helpers';

type Tally = { sum: number; count: number; byParity: Map<string, number> };

const tally = (key = 'conformance-tally@1'): StateFold<Tally> => ({
  key,
  initialState: () => ({ sum: 0, count: 0, byParity: new Map() }),
  // Mutates its state, as a fold of a long stream may: the cache hands a state to one command at a time.
  evolve(state, event) {
    const n = (event.data as { n: number }).n;
    const parity = n % 2 === 0 ? 'even' : 'odd';
    state.byParity.set(parity, (state.byParity.get(parity) ?? 0) + 1);
    return { ...state, sum: state.sum + n, count: state.count + 1 };
  },
});

/** The store's stream reads, as asked: how much of a stream each load read. */
function watched(store: EventStore): { store: EventStore; reads: Array<ReadStreamOptions | undefined> } {
  const reads: Array<ReadStreamOptions | undefined> = [];
  const wrapper: EventStore = Object.create(store) as EventStore;
  wrapper.readStream = (streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> => {
    reads.push(options);
    return store.readStream(streamId, options);
  };
  return { store: wrapper, reads };
}

const sumTo = (count: number) => (count * (count - 1)) / 2;

async function load<State = Tally>(
  cache: StateCache,
  store: EventStore,
  stream: string,
  fold: StateFold<State> = tally() as never,
): Promise<{ state: State; revision: number }> {
  const held = await cache.hold(store, stream, fold);
  const { state, revision } = held;
  held.release();
  return { state, revision };
}

/**
 * The write side's folded state over this store (state/cache.ts): a warm stream reads only its
 * tail, another writer's events are read, and with snapshots a cold process starts from one.
 */
export function describeFoldedState(current: () => EventStore, snapshotStore: (() => SnapshotStore) | undefined): void {
  describe(`folded state, snapshots ${snapshotStore ? 'on' : 'off'}`, () => {
    let store: EventStore;
    let snapshots: SnapshotStore | undefined;
    beforeAll(() => {
      store = current();
      snapshots = snapshotStore?.();
    });
    const cacheOf = () => new StateCache({ snapshots, snapshotEvery: 10 });

    it('folds a stream as a whole read does, then reads only the events after what it holds', async () => {
      const stream = `${uniquePrefix()}s`;
      await store.appendToStream(stream, notedBatch(0, 25));
      const cache = cacheOf();
      const { store: seen, reads } = watched(store);
      expect(await load(cache, seen, stream)).toMatchObject({
        revision: 24,
        state: {
          sum: sumTo(25),
          count: 25,
          byParity: new Map([
            ['even', 13],
            ['odd', 12],
          ]),
        },
      });

      // Another process appends: the next load reads those three and nothing before them.
      await store.appendToStream(stream, notedBatch(25, 3), { expectedRevision: 24 });
      reads.length = 0;
      expect(await load(cache, seen, stream)).toMatchObject({ revision: 27, state: { sum: sumTo(28), count: 28 } });
      expect(reads).toEqual([{ fromRevision: 25, maxCount: 10_000 }]);
      await cache.flush();
    });

    it('reads a missing stream as the initial state and catches up after a conflict', async () => {
      const stream = `${uniquePrefix()}s`;
      const cache = cacheOf();
      const held = await cache.hold(store, stream, tally());
      expect(held.revision).toBe(-1);
      await store.appendToStream(stream, notedBatch(0, 2));
      await held.catchUp();
      expect(held).toMatchObject({ revision: 1, state: { sum: 1, count: 2 } });
      held.release();
    });

    it('hands one stream to one command at a time and keeps nothing of a discarded state', async () => {
      const stream = `${uniquePrefix()}s`;
      await store.appendToStream(stream, notedBatch(0, 3));
      const cache = cacheOf();
      const first = await cache.hold(store, stream, tally());
      let secondHeld = false;
      const second = cache.hold(store, stream, tally()).then((held) => {
        secondHeld = true;
        return held;
      });
      // The second waits for the first's release, however long the first keeps it.
      await Promise.resolve();
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(secondHeld).toBe(false);
      first.advance({ sum: -1, count: -1, byParity: new Map() }, 2);
      first.discard();
      first.release();
      const held = await second;
      expect(held.state).toMatchObject({ sum: 3, count: 3 });
      held.release();
    });

    describe.runIf(snapshotStore !== undefined)('snapshots', () => {
      it('lets a cold process start from the snapshot and read only the events after it', async () => {
        const stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, notedBatch(0, 25));
        const warm = cacheOf();
        await load(warm, store, stream);
        await warm.flush();

        await store.appendToStream(stream, notedBatch(25, 2), { expectedRevision: 24 });
        const { store: seen, reads } = watched(store);
        expect(await load(cacheOf(), seen, stream)).toMatchObject({
          revision: 26,
          state: {
            sum: sumTo(27),
            count: 27,
            byParity: new Map([
              ['even', 14],
              ['odd', 13],
            ]),
          },
        });
        expect(reads).toEqual([{ fromRevision: 25, maxCount: 10_000 }]);
      });

      it('never reads a snapshot written by another version of the fold, and forgets them all on drop', async () => {
        const stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, notedBatch(0, 12));
        const warm = cacheOf();
        await load(warm, store, stream);
        await warm.flush();

        const { store: seen, reads } = watched(store);
        expect(await load(cacheOf(), seen, stream, tally('conformance-tally@2'))).toMatchObject({ revision: 11, state: { count: 12 } });
        expect(reads).toEqual([{ maxCount: 10_000 }]);

        expect(await snapshots!.drop()).toBeGreaterThan(0);
        reads.length = 0;
        expect(await load(cacheOf(), seen, stream)).toMatchObject({ revision: 11, state: { count: 12 } });
        expect(reads).toEqual([{ maxCount: 10_000 }]);
      });

      it('does not snapshot a state that would not come back the same (a class instance)', async () => {
        class Total {
          constructor(readonly n: number) {}
        }
        const stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, notedBatch(0, 12));
        const fold: StateFold<Total> = {
          key: 'conformance-class@1',
          initialState: () => new Total(0),
          evolve: (state, event) => new Total(state.n + (event.data as { n: number }).n),
        };
        const warm = cacheOf();
        await load(warm, store, stream, fold);
        await warm.flush();
        expect(await snapshots!.load(stream, fold.key)).toBeNull();
      });
    });
  });
}
