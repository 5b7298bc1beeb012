import { acquireLease, LeaseAbortedError, type Lease } from '@conversa/projector';
import { createTask, type ScheduledTask } from 'node-cron';
import type { AutomationLogger, ScheduleSender } from './schedules/sender';

/** Every 5 seconds: a schedule goes out at most a few seconds after its time. */
export const SCHEDULE_SENDER_CRON = '*/5 * * * * *';
/** Singleton work of the automation role: one process in the cluster ticks (DESIGN.md "Processes"). */
export const AUTOMATION_LEASE = 'automation.schedules';

export interface AutomationScheduler {
  /** Waits for the lease in the background, then ticks on the cron expression until stopped or the lease is lost. */
  start(): void;
  stop(): Promise<void>;
  /** Whether this process holds the lease and ticks. */
  readonly leading: boolean;
  /** Resolves once this process holds the lease and its cron runs (for operators' checks and tests). */
  whenLeading(): Promise<void>;
}

/**
 * Runs the schedule sender on node-cron while holding a Postgres advisory lease: a second automation
 * process waits on the lease and takes over when the first stops or dies. Ticks never overlap.
 */
export function createAutomationScheduler(options: {
  connectionString: string;
  sender: ScheduleSender;
  now(): Date;
  cron?: string;
  logger?: AutomationLogger;
}): AutomationScheduler {
  const { sender, logger } = options;
  let abort: AbortController | null = null;
  let task: ScheduledTask | null = null;
  let lease: Lease | null = null;
  let running: Promise<void> | null = null;
  let ticking: Promise<unknown> = Promise.resolve();
  let leadingWaiters: Array<() => void> = [];

  const tick = () => {
    ticking = sender.tick(options.now()).catch((error) => logger?.error({ err: error }, 'schedule sender tick failed'));
    return ticking;
  };

  async function lead(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        lease = await acquireLease(options.connectionString, AUTOMATION_LEASE, {
          signal,
          onWaiting: (holder) => logger?.info({ holder }, 'automation: another process sends schedules; waiting for its lease'),
        });
      } catch (error) {
        if (error instanceof LeaseAbortedError || signal.aborted) return;
        logger?.warn({ err: error }, 'automation: could not take the lease; trying again');
        await pause(5_000, signal);
        continue;
      }
      task = createTask(options.cron ?? SCHEDULE_SENDER_CRON, tick, { name: 'schedule-sender', noOverlap: true });
      await task.start();
      for (const resolve of leadingWaiters) resolve();
      leadingWaiters = [];
      const lost = await Promise.race([lease.lost, aborted(signal)]);
      await task.destroy();
      task = null;
      await ticking;
      await lease.release();
      lease = null;
      if (lost instanceof Error) logger?.warn({ err: lost }, 'automation: lease lost; waiting to take it again');
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
export const consoleAutomationLogger: AutomationLogger = {
  info: (object, message) => {
    if (process.env.LOG_LEVEL === 'debug') console.log(message ?? '', object);
  },
  warn: (object, message) => console.warn(message ?? '', object),
  error: (object, message) => console.error(message ?? '', object),
};
