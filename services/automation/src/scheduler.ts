import { consoleJobLogger, createLeasedWorker, type LeasedWorker } from '@conversa/platform';
import type { AutomationLogger, ScheduleSender } from './schedules/sender';

/** Every 5 seconds: a scheduled message goes out at most a few seconds after its time. */
export const SCHEDULE_SENDER_EVERY_MS = 5_000;
/** Singleton work of the automation role: one process in the cluster sends (docs/ARCHITECTURE.md "Processes and roles"). */
export const AUTOMATION_LEASE = 'automation.schedules';

export type AutomationScheduler = LeasedWorker;

/** The scheduled-message sender as a leased worker: its progress reports the last pass's counts. */
export function createAutomationScheduler(options: {
  connectionString: string;
  sender: ScheduleSender;
  now(): Date;
  everyMs?: number;
  logger?: AutomationLogger;
}): AutomationScheduler {
  return createLeasedWorker({
    connectionString: options.connectionString,
    lease: AUTOMATION_LEASE,
    everyMs: options.everyMs ?? SCHEDULE_SENDER_EVERY_MS,
    name: 'schedule-sender',
    async pass() {
      const report = await options.sender.tick(options.now());
      return { sent: report.sent.length, failed: report.failed.length, retry: report.retry.length };
    },
    logger: options.logger,
  });
}

export const consoleAutomationLogger: AutomationLogger = consoleJobLogger;
