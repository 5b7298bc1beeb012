import { acquireLease, LeaseAbortedError, type Lease } from '@conversa/projector';
import { createTask, type ScheduledTask } from 'node-cron';
import type { RoutingLogger } from './context';
import type { RoutingTimers } from './timers';

/** Every 15 seconds: the shortest routing delay is a minute, so a timer fires at most a quarter of one late. */
export const ROUTING_TIMERS_CRON = '*/15 * * * * *';
/** Singleton work: one process in the cluster runs the routing timers. */
export const ROUTING_TIMERS_LEASE = 'routing.timers';

export interface RoutingScheduler {
  /** Waits for the lease in the background, then ticks on the cron expression until stopped or the lease is lost. */
  start(): void;
  stop(): Promise<void>;
  readonly leading: boolean;
  whenLeading(): Promise<void>;
}

/**
 * Runs the routing timers on node-cron while holding a Postgres advisory lease (like the schedule
 * sender): a second process waits on the lease and takes over when the first stops or dies.
 * Ticks never overlap; the timers' own command ids make a pass that runs twice record once.
 */
export function createRoutingScheduler(options: { connectionString: string; timers: RoutingTimers; now(): Date; cron?: string; logger?: RoutingLogger }): RoutingScheduler {
  const { timers, logger } = options;
  let abort: AbortController | null = null;
  let task: ScheduledTask | null = null;
  let lease: Lease | null = null;
  let running: Promise<void> | null = null;
  let ticking: Promise<unknown> = Promise.resolve();
  let leadingWaiters: Array<() => void> = [];

  const tick = () => {
    ticking = timers.tick(options.now()).catch((error) => logger?.error({ err: error }, 'routing timers: tick failed'));
    return ticking;
  };

  async function lead(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        lease = await acquireLease(options.connectionString, ROUTING_TIMERS_LEASE, {
          signal,
          onWaiting: (holder) => logger?.info({ holder }, 'routing timers: another process runs them; waiting for its lease'),
        });
      } catch (error) {
        if (error instanceof LeaseAbortedError || signal.aborted) return;
        logger?.warn({ err: error }, 'routing timers: could not take the lease; trying again');
        await pause(5_000, signal);
        continue;
      }
      task = createTask(options.cron ?? ROUTING_TIMERS_CRON, tick, { name: 'routing-timers', noOverlap: true });
      await task.start();
      for (const resolve of leadingWaiters) resolve();
      leadingWaiters = [];
      const lost = await Promise.race([lease.lost, aborted(signal)]);
      await task.destroy();
      task = null;
      await ticking;
      await lease.release();
      lease = null;
      if (lost instanceof Error) logger?.warn({ err: lost }, 'routing timers: lease lost; waiting to take it again');
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
export const consoleRoutingLogger: RoutingLogger = {
  info: (object, message) => {
    if (process.env.LOG_LEVEL === 'debug') console.log(message ?? '', object);
  },
  warn: (object, message) => console.warn(message ?? '', object),
  error: (object, message) => console.error(message ?? '', object),
};
