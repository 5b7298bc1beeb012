import { consoleJobLogger, createLeasedCronJob, type LeasedCronJob } from '@conversa/projector';
import type { AutomationLogger, ScheduleSender } from './schedules/sender';

/** Every 5 seconds: a scheduled message goes out at most a few seconds after its time. */
export const SCHEDULE_SENDER_CRON = '*/5 * * * * *';
/** Singleton work of the automation role: one process in the cluster ticks (docs/ARCHITECTURE.md "Processes and roles"). */
export const AUTOMATION_LEASE = 'automation.schedules';

export type AutomationScheduler = LeasedCronJob;

/** The scheduled-message sender on node-cron under a Postgres advisory lease (createLeasedCronJob). */
export function createAutomationScheduler(options: {
  connectionString: string;
  sender: ScheduleSender;
  now(): Date;
  cron?: string;
  logger?: AutomationLogger;
}): AutomationScheduler {
  return createLeasedCronJob({
    connectionString: options.connectionString,
    lease: AUTOMATION_LEASE,
    cron: options.cron ?? SCHEDULE_SENDER_CRON,
    name: 'schedule-sender',
    tick: () => options.sender.tick(options.now()),
    logger: options.logger,
  });
}

export const consoleAutomationLogger: AutomationLogger = consoleJobLogger;
