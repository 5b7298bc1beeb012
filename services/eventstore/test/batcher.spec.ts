import { expect, it } from 'vitest';
import { AppendBatcher, type AppendOutcome, type AppendRequest } from '../src/postgres/batcher';

const request = (streamId: string): AppendRequest => ({ streamId, expected: -2, baseRevision: -1, baseHash: null, lastHash: 'h', eventsJson: '[]' });
const ok: AppendOutcome = { outcome: 'ok', nextRevision: 0, commit: 1n, lastPosition: 1n, detail: null };

/** A batcher over a fake statement that records each group as it leaves, and when. */
function recording(spacingMs: number) {
  const groups: { streams: string[]; at: number }[] = [];
  const batcher = new AppendBatcher(
    async (requests) => {
      groups.push({ streams: requests.map((r) => r.streamId), at: performance.now() });
      return requests.map(() => ok);
    },
    () => true,
    2,
    spacingMs,
  );
  return { batcher, groups };
}

it('sends a lone append at once, and groups appends that follow it within the spacing', async () => {
  const { batcher, groups } = recording(40);
  const first = batcher.submit(request('a'));
  // Out before submit returned: a write after a quiet spell is not held back.
  expect(groups.map((g) => g.streams)).toEqual([['a']]);
  await first;
  const started = groups[0]!.at;
  const followers = [batcher.submit(request('b')), batcher.submit(request('c'))];
  expect(groups).toHaveLength(1);
  await Promise.all(followers);
  expect(groups.map((g) => g.streams)).toEqual([['a'], ['b', 'c']]);
  // A timer never fires early: the second group left one spacing after the first.
  expect(groups[1]!.at - started).toBeGreaterThanOrEqual(39);
});

it('without spacing sends each append as soon as a group may leave', async () => {
  const { batcher, groups } = recording(0);
  await batcher.submit(request('a'));
  await batcher.submit(request('b'));
  expect(groups.map((g) => g.streams)).toEqual([['a'], ['b']]);
});

it('drain sends what waits at once and resolves when every group has its answer', async () => {
  const { batcher, groups } = recording(60_000);
  await batcher.submit(request('a'));
  const waiting = batcher.submit(request('b'));
  expect(groups).toHaveLength(1);
  await batcher.drain();
  expect(groups.map((g) => g.streams)).toEqual([['a'], ['b']]);
  await expect(waiting).resolves.toEqual(ok);
});
