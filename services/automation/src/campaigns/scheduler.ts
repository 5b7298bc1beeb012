import { createLeasedCronJob, type LeasedCronJob } from '@conversa/projector';
import type { AutomationLogger } from '../schedules/sender';
import type { CampaignEngine } from './engine';

/** Every second: pacing is counted in seconds, and with intervals at 0 each tick sends for up to its budget. */
export const CAMPAIGN_DISPATCH_CRON = '* * * * * *';
/** One engine in the cluster: the attempt/outcome records assume a single sender per campaign. */
export const CAMPAIGN_DISPATCH_LEASE = 'automation.campaign-dispatch';

/** The campaign engine on node-cron under its own lease (a slow campaign never holds the scheduled messages). */
export function createCampaignScheduler(options: { connectionString: string; engine: CampaignEngine; now(): Date; cron?: string; logger?: AutomationLogger }): LeasedCronJob {
  return createLeasedCronJob({
    connectionString: options.connectionString,
    lease: CAMPAIGN_DISPATCH_LEASE,
    cron: options.cron ?? CAMPAIGN_DISPATCH_CRON,
    name: 'campaign-dispatch',
    tick: () => options.engine.tick(options.now),
    logger: options.logger,
  });
}
