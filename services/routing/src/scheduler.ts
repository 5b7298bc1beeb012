import { createLeasedCronJob, type LeasedCronJob } from '@conversa/platform';
import type { RoutingLogger } from './context';
import type { RoutingTimers } from './timers';

/** Every 15 seconds: the shortest routing delay is a minute, so a timer fires at most a quarter of one late. */
export const ROUTING_TIMERS_CRON = '*/15 * * * * *';
/** Singleton work: one process in the cluster runs the routing timers. */
export const ROUTING_TIMERS_LEASE = 'routing.timers';

export type RoutingScheduler = LeasedCronJob;

/**
 * The routing timers on node-cron under a Postgres advisory lease (createLeasedCronJob, like the
 * scheduled-message sender); the timers' own command ids make a pass that runs twice record once.
 */
export function createRoutingScheduler(options: {
  connectionString: string;
  timers: RoutingTimers;
  now(): Date;
  cron?: string;
  logger?: RoutingLogger;
}): RoutingScheduler {
  return createLeasedCronJob({
    connectionString: options.connectionString,
    lease: ROUTING_TIMERS_LEASE,
    cron: options.cron ?? ROUTING_TIMERS_CRON,
    name: 'routing-timers',
    tick: () => options.timers.tick(options.now()),
    logger: options.logger,
  });
}
