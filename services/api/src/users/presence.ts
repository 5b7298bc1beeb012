import { USER_OFFLINE_AFTER_MS } from '@conversa/contracts';
import { userPresence, userPresenceStream } from '@conversa/core';
import { lastHeartbeat, recordHeartbeat, usersWithStoppedPings } from '@conversa/projections/users/presence';
import { findUser } from '@conversa/projections/users/queries';
import { acquireLease, LeaseAbortedError, type Lease } from '@conversa/projector';
import { createTask, type ScheduledTask } from 'node-cron';
import { execute, systemActor, userActor, type ApiContext } from '../context';

/** Every minute: a user whose browser is gone shows offline within USER_OFFLINE_AFTER_MS plus a minute. */
export const PRESENCE_SWEEP_CRON = '* * * * *';
/** One process in the cluster sweeps (DESIGN.md "Processes": singleton work holds a lease). */
export const PRESENCE_LEASE = 'users.presence';

type Logger = { info(object: object, message?: string): void; warn(object: object, message?: string): void; error(object: object, message?: string): void };

export interface PresenceTracker {
  /** The browser's `userStatus` ping (spec 2 §9, every 300000 ms): keeps the user online, or brings them online. */
  ping(user: { userId: number; companyId: number }): Promise<void>;
  /** Takes offline every user whose pings stopped USER_OFFLINE_AFTER_MS before `now`; answers how many. */
  sweep(now: Date): Promise<number>;
  /** Sweeps on node-cron while holding the presence lease (a second process waits and takes over). */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Online status (spec 2 §3 `online`). State lives in two places, each for a reason:
 * - the transitions are events on `userpresence-<id>` (UserWentOnline / UserWentOffline), projected into
 *   read.users.online: they are facts (when an attendant was available), replayable, and what the
 *   users screen and the rotation read;
 * - the pings are a heartbeat timestamp (presence.user_heartbeats), overwritten in place: one event per
 *   ping per user would be ~100 facts a day each saying nothing new.
 * A restart loses nothing: both live in Postgres, and the sweeper works only from them, so a sweep that
 * runs twice or on another process takes nobody offline twice (the decider records transitions only).
 *
 * Race between a ping and a sweep of the same user: the ping writes its heartbeat before it reads
 * read.users.online; the sweep takes the user offline (and waits for the read model) before it reads the
 * heartbeat again. Whichever reads second sees the other's write, so a user who pinged never stays offline.
 */
export function createPresenceTracker(ctx: ApiContext, options: { connectionString: string; cron?: string; logger?: Logger }): PresenceTracker {
  const { logger } = options;
  const markOnline = (userId: number, companyId: number) =>
    execute(ctx, { decider: userPresence, streamId: userPresenceStream(userId), command: { type: 'MarkUserOnline', userId }, companyId, actor: userActor(userId) });

  const tracker = {
    async ping({ userId, companyId }: { userId: number; companyId: number }) {
      await recordHeartbeat(ctx.db, { userId, companyId, at: ctx.now() });
      const shown = await findUser(ctx.db, userId, companyId);
      if (shown && !shown.online) await markOnline(userId, companyId);
    },
    async sweep(now: Date) {
      const before = new Date(now.getTime() - USER_OFFLINE_AFTER_MS);
      let wentOffline = 0;
      for (const { userId, companyId, lastSeenAt } of await usersWithStoppedPings(ctx.db, before)) {
        await execute(ctx, {
          decider: userPresence,
          streamId: userPresenceStream(userId),
          command: { type: 'MarkUserOffline', userId, lastSeenAt: lastSeenAt.toISOString() },
          companyId,
          actor: systemActor,
        });
        wentOffline++;
        const seen = await lastHeartbeat(ctx.db, userId);
        if (seen && seen >= before) await markOnline(userId, companyId);
      }
      return wentOffline;
    },
  };

  let abort: AbortController | null = null;
  let running: Promise<void> | null = null;
  let sweeping: Promise<unknown> = Promise.resolve();

  async function lead(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let lease: Lease;
      try {
        lease = await acquireLease(options.connectionString, PRESENCE_LEASE, { signal });
      } catch (error) {
        if (error instanceof LeaseAbortedError || signal.aborted) return;
        logger?.warn({ err: error }, 'presence: could not take the lease; trying again');
        await pause(5_000, signal);
        continue;
      }
      const task: ScheduledTask = createTask(
        options.cron ?? PRESENCE_SWEEP_CRON,
        () => {
          sweeping = tracker.sweep(ctx.now()).catch((error) => logger?.error({ err: error }, 'presence sweep failed'));
          return sweeping;
        },
        { name: 'presence-sweeper', noOverlap: true },
      );
      await task.start();
      const lost = await Promise.race([lease.lost, aborted(signal)]);
      await task.destroy();
      await sweeping;
      await lease.release();
      if (lost instanceof Error) logger?.warn({ err: lost }, 'presence: lease lost; waiting to take it again');
    }
  }

  return {
    ...tracker,
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
