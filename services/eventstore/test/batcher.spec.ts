import { expect, it } from 'vitest';
import { AppendBatcher, STEADY_APPENDS, type AppendOutcome, type AppendRequest } from '../src/postgres/batcher';

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

it("sends one writer's appends one after the other at once, however close together", async () => {
  const { batcher, groups } = recording(60_000);
  for (const stream of ['a', 'b', 'c']) {
    const sent = batcher.submit(request(stream));
    // Out before submit returned: a stream below STEADY_APPENDS a second-tenth is never held back.
    expect(groups.at(-1)!.streams).toEqual([stream]);
    await sent;
  }
});

it('under a steady stream of appends, groups leave a spacing apart and carry what queued meanwhile', async () => {
  const { batcher, groups } = recording(40);
  // A burst makes the stream steady (STEADY_APPENDS within 100 ms).
  await Promise.all(Array.from({ length: STEADY_APPENDS }, (_, index) => batcher.submit(request(`burst-${index}`))));
  const lastBurst = groups.at(-1)!.at;
  const followers = [batcher.submit(request('b')), batcher.submit(request('c'))];
  await Promise.all(followers);
  expect(groups.at(-1)!.streams).toEqual(['b', 'c']);
  // A timer never fires early: the group left one spacing after the one before it.
  expect(groups.at(-1)!.at - lastBurst).toBeGreaterThanOrEqual(39);
});

it('without spacing sends each append as soon as a group may leave', async () => {
  const { batcher, groups } = recording(0);
  await batcher.submit(request('a'));
  await batcher.submit(request('b'));
  expect(groups.map((g) => g.streams)).toEqual([['a'], ['b']]);
});

it('drain sends what waits at once and resolves when every group has its answer', async () => {
  const { batcher, groups } = recording(60_000);
  // A steady burst: what is left of it after the first groups waits the (minute-long) spacing.
  const waiting = Array.from({ length: STEADY_APPENDS + 1 }, (_, index) => batcher.submit(request(`burst-${index}`)));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(groups.flatMap((g) => g.streams)).not.toContain(`burst-${STEADY_APPENDS}`);
  await batcher.drain();
  expect(groups.flatMap((g) => g.streams)).toContain(`burst-${STEADY_APPENDS}`);
  await expect(Promise.all(waiting)).resolves.toHaveLength(STEADY_APPENDS + 1);
});
