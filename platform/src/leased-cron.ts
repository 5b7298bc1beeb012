import { createLeasedWorker, type JobLogger, type LeasedWorker } from './leased-worker';

/** Timed singleton work: a leased worker on a cron expression (its passes are the ticks). */
export type LeasedCronJob = LeasedWorker;

export interface LeasedCronJobOptions {
  connectionString: string;
  /** The advisory lease: one process in the cluster ticks (docs/ARCHITECTURE.md "Processes and roles"). */
  lease: string;
  /** A node-cron expression (seconds first when it has six fields). */
  cron: string;
  /** Names the job in log lines and its progress. */
  name: string;
  tick(): Promise<unknown>;
  logger?: JobLogger;
}

/** Runs `tick` on a cron expression under a lease (createLeasedWorker): ticks never overlap, a second process takes over. */
export function createLeasedCronJob(options: LeasedCronJobOptions): LeasedCronJob {
  return createLeasedWorker({
    connectionString: options.connectionString,
    lease: options.lease,
    name: options.name,
    cron: options.cron,
    pass: () => options.tick(),
    logger: options.logger,
  });
}
