import { consoleJobLogger, createLeasedWorker, type LeasedWorker, type LeasedWorkerOptions } from '@conversa/platform';
import type { AutomationLogger, ScheduleSender } from './schedules/sender';

/** Every 5 seconds: a scheduled message goes out at most a few seconds after its time. */
export const SCHEDULE_SENDER_EVERY_MS = 5_000;
/** Singleton work of the automation role: one process in the cluster sends (docs/ARCHITECTURE.md "Processes and roles"). */
export const AUTOMATION_LEASE = 'automation.schedules';

export type AutomationScheduler = LeasedWorker;

/** Where an automation job leases and logs; `everyMs` or `cron` (tests) replaces the job's own pace of that kind. */
export interface JobOptions {
  connectionString: string;
  logger?: AutomationLogger;
  everyMs?: number;
  cron?: string;
}

/** A job of the automation role (its lease, name, pace and pass) as a leased worker: one process in the cluster runs it. */
export function leasedJob(options: JobOptions, job: Pick<LeasedWorkerOptions, 'lease' | 'name' | 'everyMs' | 'cron' | 'pass'>): LeasedWorker {
  const pace = job.cron === undefined ? { everyMs: options.everyMs ?? job.everyMs } : { cron: options.cron ?? job.cron };
  return createLeasedWorker({ ...job, ...pace, connectionString: options.connectionString, logger: options.logger });
}

/** The scheduled-message sender as a leased worker: its progress reports the last pass's counts. */
export function createAutomationScheduler(options: JobOptions & { sender: ScheduleSender; now(): Date }): AutomationScheduler {
  return leasedJob(options, {
    lease: AUTOMATION_LEASE,
    everyMs: SCHEDULE_SENDER_EVERY_MS,
    name: 'schedule-sender',
    async pass() {
      const report = await options.sender.tick(options.now());
      return { sent: report.sent.length, failed: report.failed.length, retry: report.retry.length };
    },
  });
}

export const consoleAutomationLogger: AutomationLogger = consoleJobLogger;
