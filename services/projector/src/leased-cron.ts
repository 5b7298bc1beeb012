import { createTask, type ScheduledTask } from 'node-cron';
import { acquireLease, LeaseAbortedError, type Lease } from './lease';

export interface JobLogger {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

export interface LeasedCronJob {
  /** Waits for the lease in the background, then ticks on the cron expression until stopped or the lease is lost. */
  start(): void;
  stop(): Promise<void>;
  /** Whether this process holds the lease and ticks. */
  readonly leading: boolean;
  /** Resolves once this process holds the lease and its cron runs (for operators' checks and tests). */
  whenLeading(): Promise<void>;
}

export interface LeasedCronJobOptions {
  connectionString: string;
  /** The advisory lease: one process in the cluster ticks (docs/ARCHITECTURE.md "Processes and roles"). */
  lease: string;
  cron: string;
  /** Names the job in node-cron and in log lines. */
  name: string;
  tick(): Promise<unknown>;
  logger?: JobLogger;
}

/**
 * Singleton timed work: runs `tick` on node-cron while holding a Postgres advisory lease, so a
 * second process waits on the lease and takes over when the first stops or dies. Ticks never overlap.
 */
export function createLeasedCronJob(options: LeasedCronJobOptions): LeasedCronJob {
  const { logger, name } = options;
  let abort: AbortController | null = null;
  let task: ScheduledTask | null = null;
  let lease: Lease | null = null;
  let running: Promise<void> | null = null;
  let ticking: Promise<unknown> = Promise.resolve();
  let leadingWaiters: Array<() => void> = [];

  const tick = () => {
    ticking = options.tick().catch((error) => logger?.error({ err: error }, `${name}: tick failed`));
    return ticking;
  };

  async function lead(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        lease = await acquireLease(options.connectionString, options.lease, {
          signal,
          onWaiting: (holder) => logger?.info({ holder }, `${name}: another process runs it; waiting for its lease`),
        });
      } catch (error) {
        if (error instanceof LeaseAbortedError || signal.aborted) return;
        logger?.warn({ err: error }, `${name}: could not take the lease; trying again`);
        await pause(5_000, signal);
        continue;
      }
      task = createTask(options.cron, tick, { name, noOverlap: true });
      await task.start();
      for (const resolve of leadingWaiters) resolve();
      leadingWaiters = [];
      const lost = await Promise.race([lease.lost, aborted(signal)]);
      await task.destroy();
      task = null;
      await ticking;
      await lease.release();
      lease = null;
      if (lost instanceof Error) logger?.warn({ err: lost }, `${name}: lease lost; waiting to take it again`);
    }
  }

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
    get leading() {
      return task !== null;
    },
    whenLeading() {
      return task !== null ? Promise.resolve() : new Promise<void>((resolve) => leadingWaiters.push(resolve));
    },
  };
}

const aborted = (signal: AbortSignal) =>
  new Promise<'aborted'>((resolve) => {
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** Warnings and errors to stderr; routine notes only when LOG_LEVEL=debug. */
export const consoleJobLogger: JobLogger = {
  info: (object, message) => {
    if (process.env.LOG_LEVEL === 'debug') console.log(message ?? '', object);
  },
  warn: (object, message) => console.warn(message ?? '', object),
  error: (object, message) => console.error(message ?? '', object),
};
