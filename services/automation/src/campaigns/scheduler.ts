import type { LeasedWorker } from '@conversa/platform';
import { leasedJob, type JobOptions } from '../scheduler';
import type { CampaignEngine } from './engine';

/** Every second: pacing is counted in seconds, and with intervals at 0 each pass sends for up to its budget. */
export const CAMPAIGN_DISPATCH_EVERY_MS = 1_000;
/** One engine in the cluster: its view of each campaign's shippings is one writer's (the decider's expected revisions guard the rest). */
export const CAMPAIGN_DISPATCH_LEASE = 'automation.campaign-dispatch';

/** The campaign engine as a leased worker of its own (a slow campaign never holds the scheduled messages). */
export function createCampaignScheduler(options: JobOptions & { engine: CampaignEngine; now(): Date }): LeasedWorker {
  return leasedJob(options, {
    lease: CAMPAIGN_DISPATCH_LEASE,
    everyMs: CAMPAIGN_DISPATCH_EVERY_MS,
    name: 'campaign-dispatch',
    pass: async ({ signal }) => ({ calls: await options.engine.tick(options.now, signal) }),
  });
}
