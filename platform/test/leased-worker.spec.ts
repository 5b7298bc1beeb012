import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { createLeasedWorker, type LeasedWorker, type PassContext } from '../src/leased-worker';
import { waitFor } from './fixtures/harness';

let database: Awaited<ReturnType<typeof testDatabase>>;
const workers: LeasedWorker[] = [];
let run = 0;

beforeAll(async () => {
  database = await testDatabase('projector_leased_worker');
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(async () => {
  await database.drop();
});

/** A worker whose passes are counted; `everyMs` long, so only a wake (or the first pass) runs one. */
function worker(lease: string, pass: (context: PassContext) => Promise<unknown> = async () => undefined, everyMs = 3_600_000) {
  const counted = { passes: 0 };
  const created = createLeasedWorker({
    connectionString: database.url,
    lease,
    name: lease,
    everyMs,
    pass: async (context) => {
      counted.passes += 1;
      return pass(context);
    },
  });
  workers.push(created);
  return Object.assign(created, { counted });
}

describe('a leased worker', () => {
  it('works in one process at a time: the first pass when it takes the lease, a standby takes over when it stops', async () => {
    const lease = `worker_${++run}`;
    const a = worker(lease);
    const b = worker(lease);
    const firstPass = a.afterNextPass();
    a.start();
    await a.whenLeading();
    await firstPass;
    b.start();
    await waitFor(() => b.progress().state === 'waiting', 10_000, 'the standby waiting for the lease');
    a.wake();
    await waitFor(() => a.counted.passes === 2, 10_000, 'a woken pass');
    expect(b.counted.passes).toBe(0);

    const taken = b.afterNextPass();
    await a.stop();
    await b.whenLeading();
    await taken;
    expect(a.progress().state).toBe('stopped');
    expect(a.counted.passes).toBe(2);
    expect(b.counted.passes).toBe(1);
  });

  it('passes on its interval, and at once again when a pass says it stopped with work left', async () => {
    const lease = `worker_${++run}`;
    let left = 3;
    const a = worker(lease, async (context) => {
      context.report({ left });
      left -= 1;
      return { again: left > 0, left };
    });
    a.start();
    await waitFor(() => left === 0, 10_000, 'three passes back to back');
    expect(a.progress()).toMatchObject({ passes: 3, report: { left: 0 }, lastError: null });

    const ticking = worker(`worker_${++run}`, async () => undefined, 20);
    ticking.start();
    await waitFor(() => ticking.counted.passes >= 3, 10_000, 'passes on a 20 ms interval');
  });

  it('holds its passes while paused, keeping the lease, and passes on resume', async () => {
    const lease = `worker_${++run}`;
    const a = worker(lease, async () => undefined, 20);
    const first = a.afterNextPass();
    a.start();
    await first;
    a.pause();
    await waitFor(() => a.progress().state === 'paused', 10_000, 'the worker paused');
    const passes = a.counted.passes;
    a.wake();
    // A standby queues behind the paused worker's lease: paused is not gone.
    const b = worker(lease);
    b.start();
    await waitFor(() => b.progress().state === 'waiting', 10_000, 'the standby waiting');
    expect(a.counted.passes).toBe(passes);
    const resumed = a.afterNextPass();
    a.resume();
    await resumed;
    expect(a.counted.passes).toBeGreaterThan(passes);
    expect(b.counted.passes).toBe(0);
  });

  it('aborts the running pass when its lease connection is lost, reports the failure, and takes the lease again', async () => {
    const lease = `worker_${++run}`;
    let aborted = false;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const a = worker(lease, async ({ signal }) => {
      if (aborted) return;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = true;
      release();
      throw new Error('stopped writing');
    });
    a.start();
    await waitFor(() => a.progress().state === 'working', 10_000, 'the first pass running');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`conversa-projector:${lease}`]);
    } finally {
      await admin.end();
    }
    await holding;
    await waitFor(() => a.progress().passes === 2, 10_000, 'a pass after taking the lease again');
    expect(aborted).toBe(true);
    expect(a.progress().lastError).toBeNull();
  });
});
