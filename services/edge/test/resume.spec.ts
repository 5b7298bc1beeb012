import { type Bus, createInProcessBus } from '@conversa/bus';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameSource, SequencedFrame } from '../src/index';
import { principal, startEdge, type TestClient, type TestEdge } from './support';

const started: TestEdge[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const harness of started.splice(0)) {
    await harness.app.close();
    await harness.bus.close();
  }
});

/** The projectors' outbox as the edge reads it, in memory: `commit` stores a frame, `publish` also sends it on the bus. */
function outbox(bus: Bus) {
  const frames = new Map<number, SequencedFrame[]>();
  let reads = 0;
  const source: FrameSource = {
    head: async (companyId) => frames.get(companyId)?.at(-1)?.seq ?? 0,
    async range(companyId, after, through) {
      reads++;
      return (frames.get(companyId) ?? []).filter((frame) => frame.seq > after && frame.seq <= through);
    },
  };
  const commit = (companyId: number, count = 1) => {
    const list = frames.get(companyId) ?? [];
    frames.set(companyId, list);
    const made: SequencedFrame[] = [];
    for (let i = 0; i < count; i++) {
      const seq = (list.at(-1)?.seq ?? 0) + 1;
      const frame = { seq, entity: 'note', data: { n: seq } };
      list.push(frame);
      made.push(frame);
    }
    return made;
  };
  const send = (companyId: number, frame: SequencedFrame) => bus.publish(`company.${companyId}.${frame.entity}`, frame.data, { seq: frame.seq });
  return {
    source,
    commit,
    send,
    reads: () => reads,
    /** Drops what is older than `seq`, as the window's pruning does. */
    prune: (companyId: number, seq: number) =>
      frames.set(
        companyId,
        (frames.get(companyId) ?? []).filter((frame) => frame.seq >= seq),
      ),
    async publish(companyId: number, count = 1) {
      for (const frame of commit(companyId, count)) await send(companyId, frame);
    },
  };
}

async function edgeWith(bus: Bus, source: FrameSource) {
  const harness = await startEdge({ bus, frames: { source, windowMs: 60_000, gapWaitMs: 20 } });
  started.push(harness);
  return harness;
}

async function connect(harness: TestEdge, companyId: number, resume?: number) {
  const client = await harness.connect(principal({ companyId }), resume === undefined ? {} : { resume });
  clients.push(client);
  await client.authenticated;
  return client;
}

async function seqs(client: TestClient, count: number): Promise<number[]> {
  const got: number[] = [];
  for (let i = 0; i < count; i++) got.push((await client.next()).seq!);
  return got;
}

describe('resumable frames at the edge', () => {
  it('tells a new socket where its company stands and sends frames in sequence, once, filling a hole from the outbox', async () => {
    const bus = createInProcessBus();
    const log = outbox(bus);
    await log.publish(5, 3);
    const harness = await edgeWith(bus, log.source);
    const client = await connect(harness, 5);
    expect(await client.authenticated).toEqual({ event: 'authenticated', seq: 3 });

    const [four, five, six, seven] = log.commit(5, 4);
    // Out of order (two projectors), one repeated (a successor's republish), one never published (a kill).
    await log.send(5, five!);
    await log.send(5, four!);
    await log.send(5, four!);
    await log.send(5, seven!);
    expect(six).toBeDefined();
    expect(await seqs(client, 4)).toEqual([4, 5, 6, 7]);
    expect(log.reads()).toBe(1);
    const frame = await (async () => {
      await log.publish(5);
      return client.next();
    })();
    expect(frame).toEqual({ event: 'company-5-note', data: { n: 8 }, seq: 8 });
    expect(harness.edge.stats()).toMatchObject({ framesDuplicate: 1, gapsFilled: 1 });
  });

  it('sends a returning socket exactly what it missed, then the live frames, on the same edge or on a fresh one', async () => {
    const bus = createInProcessBus();
    const log = outbox(bus);
    const first = await edgeWith(bus, log.source);
    const watcher = await connect(first, 6);
    const leaving = await connect(first, 6);
    await log.publish(6, 2);
    expect(await seqs(leaving, 2)).toEqual([1, 2]);
    leaving.close();
    await log.publish(6, 5);
    expect(await seqs(watcher, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Same edge: from its memory; live frames published while it replays come after, none twice.
    const back = await connect(first, 6, 2);
    await log.publish(6);
    expect(await seqs(back, 6)).toEqual([3, 4, 5, 6, 7, 8]);

    // An edge started since (an edge restart): from the outbox.
    const second = await edgeWith(bus, log.source);
    const reads = log.reads();
    const moved = await connect(second, 6, 4);
    expect(await seqs(moved, 4)).toEqual([5, 6, 7, 8]);
    expect(log.reads()).toBe(reads + 1);
    await log.publish(6);
    expect((await moved.next()).seq).toBe(9);
    expect((await back.next()).seq).toBe(9);
    expect(second.edge.stats().resumed).toBe(1);
  });

  it('tells a socket back from too long ago to refetch, and goes on with the live frames', async () => {
    const bus = createInProcessBus();
    const log = outbox(bus);
    await log.publish(7, 10);
    log.prune(7, 6);
    const harness = await edgeWith(bus, log.source);
    const late = await connect(harness, 7, 3);
    expect(await late.next()).toEqual({ event: 'refetch', seq: 10 });
    await log.publish(7);
    expect(await late.next()).toMatchObject({ seq: 11 });
    // Within the window: resumed.
    const recent = await connect(harness, 7, 8);
    expect(await seqs(recent, 3)).toEqual([9, 10, 11]);
    expect(harness.edge.stats()).toMatchObject({ resumed: 1, refetchesAsked: 1 });
  });
});
