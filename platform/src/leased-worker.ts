import { createTask, type ScheduledTask } from 'node-cron';
import { acquireLease, LeaseAbortedError, type Lease } from './lease';

export interface JobLogger {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** `waiting`: another process holds the lease; `idle`: leading, between passes; `paused`: leading, passes held. */
export type LeasedWorkerState = 'stopped' | 'acquiring' | 'waiting' | 'idle' | 'working' | 'paused';

/** Where a worker stands (for operators, metrics and tests). */
export interface LeasedWorkerProgress {
  name: string;
  state: LeasedWorkerState;
  /** Passes this process ran since it started. */
  passes: number;
  lastPassAt: Date | null;
  lastPassMs: number | null;
  /** The last failed pass's message, cleared by the next pass that succeeds. */
  lastError: string | null;
  /** What the running pass (or the last one) reported: counts of its own kind (sent, imported rows …). */
  report: unknown;
}

/** What a pass is given: aborted when the worker stops or loses its lease; `report` publishes its progress. */
export interface PassContext {
  signal: AbortSignal;
  report(progress: unknown): void;
}

export interface LeasedWorkerOptions {
  connectionString: string;
  /** The advisory lease: one process in the cluster works (docs/ARCHITECTURE.md "Processes and roles"). */
  lease: string;
  /** Names the worker in log lines and its progress. */
  name: string;
  /**
   * One pass over the work there is. Answers `{ again: true }` when it stopped with work left (its
   * budget ran out): the next pass then follows at once instead of waiting.
   */
  pass(context: PassContext): Promise<unknown>;
  /** Without a wake, the next pass comes this long after the last one ended. */
  everyMs?: number;
  /** Or on a node-cron expression (with seconds), e.g. hourly at a set minute. */
  cron?: string;
  logger?: JobLogger;
}

export interface LeasedWorker {
  /** Waits for the lease in the background, then works until stopped; a lost lease is waited for again. */
  start(): void;
  /** Stops: the running pass is aborted and awaited, the lease released. */
  stop(): Promise<void>;
  /** Something arrived: pass now (or right after the running pass) instead of at the next interval. */
  wake(): void;
  /** Holds passes (the lease stays, so no other process takes the work over) until resume. */
  pause(): void;
  resume(): void;
  progress(): LeasedWorkerProgress;
  /** Whether this process holds the lease and works. */
  readonly leading: boolean;
  /** Resolves once this process holds the lease (for operators' checks and tests). */
  whenLeading(): Promise<void>;
  /** Resolves after the next pass that starts from now has ended (tests: "wake and wait"). */
  afterNextPass(): Promise<void>;
}

const again = (result: unknown) => typeof result === 'object' && result !== null && (result as { again?: unknown }).again === true;

/**
 * The runtime's primitive for background loops (campaigns, scheduled messages, invoices, contact
 * imports, the routing timers): a Postgres advisory lease (the projector runtime's, lease.ts) so one
 * process in the cluster works and another takes over when it stops or dies; passes that never
 * overlap, on an interval or a cron expression, or at once on a wake; pause and resume; and its
 * progress. A pass is given a signal that aborts when the lease is lost, so it stops writing.
 */
export function createLeasedWorker(options: LeasedWorkerOptions): LeasedWorker {
  const { logger, name } = options;
  if ((options.everyMs === undefined) === (options.cron === undefined)) throw new Error(`Worker ${name}: give everyMs or cron, one of them`);
  let state: LeasedWorkerState = 'stopped';
  let abort: AbortController | null = null;
  let running: Promise<void> | null = null;
  let paused = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  let leadingWaiters: Array<() => void> = [];
  let passWaiters: Array<() => void> = [];
  const progress: Omit<LeasedWorkerProgress, 'name' | 'state'> = { passes: 0, lastPassAt: null, lastPassMs: null, lastError: null, report: null };

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  /** Until a wake, the interval, or the signal; a pause waits for resume (or the signal). */
  const rest = (ms: number | null, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if ((woken && !paused) || signal.aborted) return resolve();
      const timer = ms === null || paused ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
      signal.addEventListener('abort', done, { once: true });
    });

  async function runPass(signal: AbortSignal): Promise<unknown> {
    state = 'working';
    const waiters = passWaiters;
    passWaiters = [];
    const started = performance.now();
    let result: unknown;
    try {
      result = await options.pass({ signal, report: (value) => void (progress.report = value) });
      progress.lastError = null;
      if (result !== undefined) progress.report = result;
    } catch (error) {
      progress.lastError = error instanceof Error ? error.message : String(error);
      if (!signal.aborted) logger?.error({ err: error }, `${name}: pass failed`);
    } finally {
      progress.passes += 1;
      progress.lastPassAt = new Date();
      progress.lastPassMs = performance.now() - started;
      for (const resolve of waiters) resolve();
    }
    return result;
  }

  async function work(lease: Lease, stop: AbortSignal): Promise<void> {
    // Aborted on stop or when the lease goes: the pass stops writing at once.
    const leading = new AbortController();
    const onStop = () => leading.abort();
    stop.addEventListener('abort', onStop, { once: true });
    void lease.lost.then((error) => {
      logger?.warn({ err: error }, `${name}: lease lost; waiting to take it again`);
      leading.abort();
    });
    let task: ScheduledTask | null = null;
    if (options.cron) {
      task = createTask(options.cron, wake, { name });
      await task.start();
    }
    for (const resolve of leadingWaiters) resolve();
    leadingWaiters = [];
    try {
      // The first pass at once: what came due while nobody held the lease.
      woken = true;
      while (!leading.signal.aborted) {
        state = paused ? 'paused' : 'idle';
        await rest(options.everyMs ?? null, leading.signal);
        if (leading.signal.aborted) break;
        if (paused) continue;
        woken = false;
        if (again(await runPass(leading.signal))) woken = true;
      }
    } finally {
      stop.removeEventListener('abort', onStop);
      await task?.destroy();
    }
  }

  async function lead(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let lease: Lease;
      state = 'acquiring';
      try {
        lease = await acquireLease(options.connectionString, options.lease, {
          signal,
          onWaiting: (holder) => {
            state = 'waiting';
            logger?.info({ holder }, `${name}: another process runs it; waiting for its lease`);
          },
        });
      } catch (error) {
        if (error instanceof LeaseAbortedError || signal.aborted) break;
        logger?.warn({ err: error }, `${name}: could not take the lease; trying again`);
        await sleep(5_000, signal);
        continue;
      }
      try {
        await work(lease, signal);
      } finally {
        await lease.release();
      }
    }
    state = 'stopped';
  }

  const isLeading = () => state === 'idle' || state === 'working' || state === 'paused';

  return {
    start() {
      if (abort) return;
      abort = new AbortController();
      running = lead(abort.signal);
    },
    async stop() {
      abort?.abort();
      await running;
      abort = null;
      running = null;
    },
    wake,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      wake();
    },
    progress: () => ({ name, state, ...progress }),
    get leading() {
      return isLeading();
    },
    whenLeading() {
      return isLeading() ? Promise.resolve() : new Promise<void>((resolve) => leadingWaiters.push(resolve));
    },
    afterNextPass() {
      return new Promise<void>((resolve) => passWaiters.push(resolve));
    },
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** Warnings and errors to stderr; routine notes only when LOG_LEVEL=debug. */
export const consoleJobLogger: JobLogger = {
  info: (object, message) => {
    if (process.env.LOG_LEVEL === 'debug') console.log(message ?? '', object);
  },
  warn: (object, message) => console.warn(message ?? '', object),
  error: (object, message) => console.error(message ?? '', object),
};
