import { retentionDaysOf } from '@conversa/contracts';
import { expireMessageContents } from '@conversa/core';
import { companiesWithRetention } from '@conversa/projections/companies/queries';
import type { LeasedWorker } from '@conversa/platform';
import { leasedJob, type JobOptions } from '../scheduler';
import type { AutomationContext, AutomationLogger } from '../schedules/sender';

/** Daily at 03:15 (and once when a process takes the lease: a day missed while nobody held it runs then). */
export const RETENTION_CRON = '0 15 3 * * *';
export const RETENTION_LEASE = 'automation.retention';

export interface RetentionReport {
  /** Companies whose run was appended by this pass. */
  expired: number[];
  /** Companies already run today (a restart, another process). */
  alreadyRun: number[];
  /** Companies whose append failed (logged; the next pass tries again). */
  failed: number[];
}

/**
 * The retention run: for each company with messageRetentionDays set, today's MessageContentsExpired
 * (once a UTC day, by the retention stream's expected revision). A company's failure is logged and
 * the others go on; the pass stops between companies when its signal aborts.
 */
export function createRetentionRunner(ctx: AutomationContext, options: { logger?: AutomationLogger } = {}) {
  return {
    async tick(signal?: AbortSignal): Promise<RetentionReport> {
      const report: RetentionReport = { expired: [], alreadyRun: [], failed: [] };
      for (const { companyId, value } of await companiesWithRetention(ctx.db)) {
        if (signal?.aborted) break;
        const days = retentionDaysOf(value);
        if (days === null || days === undefined) continue;
        try {
          ((await expireMessageContents(ctx, { companyId, days })) ? report.expired : report.alreadyRun).push(companyId);
        } catch (error) {
          report.failed.push(companyId);
          options.logger?.error({ err: error, companyId }, 'retention: the run of a company failed');
        }
      }
      return report;
    },
  };
}
export type RetentionRunner = ReturnType<typeof createRetentionRunner>;

/** The runner as a leased worker on its cron: one process in the cluster runs retention. */
export function createRetentionScheduler(options: JobOptions & { runner: RetentionRunner }): LeasedWorker {
  return leasedJob(options, { lease: RETENTION_LEASE, cron: RETENTION_CRON, name: 'retention', pass: ({ signal }) => options.runner.tick(signal) });
}
