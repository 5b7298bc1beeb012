import { USER_OFFLINE_AFTER_MS, type Actor, type Position, type UserOfflineReason } from '@conversa/contracts';
import { runCommand, systemActor, userActor, userPresence, userPresenceStream, type CommandContext, type DomainEvent, type Execution } from '@conversa/core';
import {
  closeConnection,
  endSessionConnections,
  lastHeartbeat,
  liveConnectionCount,
  openConnection,
  recordHeartbeat,
  sweepStaleConnections,
  touchConnection,
  usersWithStoppedPings,
  type UserConnection,
} from '@conversa/projections/users/presence';
import { findUser } from '@conversa/projections/users/queries';
import { createLeasedCronJob } from '@conversa/platform';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import type { AutomationLogger } from '../schedules/sender';

/** What presence needs of its process: commands, the read models, and waiting until they show a change. */
export interface PresenceContext extends CommandContext {
  db: Kysely<ReadDatabase>;
  waitForProjections(position: Position | null): Promise<void>;
}

/** Each transition is awaited into the read model: the race arguments below rely on reading it back. */
async function execute<State, Command, Event extends DomainEvent>(ctx: PresenceContext, execution: Execution<State, Command, Event>) {
  const result = await runCommand(ctx, execution);
  await ctx.waitForProjections(result.position);
  return result;
}

/** Every minute: a user whose browser is gone shows offline within USER_OFFLINE_AFTER_MS plus a minute. */
export const PRESENCE_SWEEP_CRON = '* * * * *';
/** One process in the cluster sweeps (docs/ARCHITECTURE.md "Processes and roles": singleton work holds a lease). */
export const PRESENCE_LEASE = 'users.presence';

export type { UserConnection };
type PresenceUser = { userId: number; companyId: number };

export interface PresenceTracker {
  /**
   * The browser's `userStatus` ping (every 300000 ms): keeps the user online, or brings them online.
   * With the socket it came on, a ping from a socket whose session logged out is ignored.
   */
  ping(user: PresenceUser, connection?: Pick<UserConnection, 'connectionId' | 'sessionId'>): Promise<void>;
  /** A socket's token was verified: it counts among the user's open sockets. */
  connected(connection: UserConnection): Promise<void>;
  /**
   * A socket closed. The user's last open socket closing takes them offline at once; a server shutting down
   * (`serverClosing`) only forgets the socket, since the browser reconnects to another edge.
   */
  disconnected(connection: UserConnection, options?: { serverClosing?: boolean }): Promise<void>;
  /** Takes offline every user whose pings stopped USER_OFFLINE_AFTER_MS before `now`; answers how many. */
  sweep(now: Date): Promise<number>;
  /** Sweeps on node-cron while holding the presence lease (a second process waits and takes over). */
  start(): void;
  /** Resolves once the socket opens, pings and closes reported so far are recorded. */
  settled(): Promise<void>;
  /** Stops the sweeper and waits for the socket bookkeeping still running. */
  stop(): Promise<void>;
}

const markOnline = (ctx: PresenceContext, { userId, companyId }: PresenceUser) =>
  execute(ctx, {
    decider: userPresence,
    streamId: userPresenceStream(userId),
    command: { type: 'MarkUserOnline', userId },
    companyId,
    actor: userActor(userId),
  });

const markOffline = (ctx: PresenceContext, { userId, companyId }: PresenceUser, lastSeenAt: Date, reason: UserOfflineReason, actor: Actor) =>
  execute(ctx, {
    decider: userPresence,
    streamId: userPresenceStream(userId),
    command: { type: 'MarkUserOffline', userId, lastSeenAt: lastSeenAt.toISOString(), reason },
    companyId,
    actor,
  });

/**
 * Takes the user offline unless a socket still keeps them online (another tab, on this edge or another).
 * Race with a socket opening meanwhile: its row is written before its ping reads read.users.online; here the
 * offline is recorded (and reaches the read model) before the sockets are counted again. Whichever reads
 * second sees the other's write, so a user with an open socket never stays offline.
 */
async function offlineUnlessConnected(ctx: PresenceContext, user: PresenceUser, reason: UserOfflineReason, actor: Actor): Promise<void> {
  if ((await liveConnectionCount(ctx.db, user.userId)) > 0) return;
  await markOffline(ctx, user, ctx.now(), reason, actor);
  if ((await liveConnectionCount(ctx.db, user.userId)) > 0) await markOnline(ctx, user);
}

/**
 * DELETE /auth/logout: the user is offline at once, unless a browser of another session of theirs is still
 * connected. The logged-out session's sockets no longer count and their pings are ignored until the edges
 * close them (at the session's revocation, which follows).
 */
export async function takeOfflineAtLogout(ctx: PresenceContext, session: PresenceUser & { sessionId: string }): Promise<void> {
  await endSessionConnections(ctx.db, session.sessionId);
  await offlineUnlessConnected(ctx, session, 'logout', userActor(session.userId));
}

/**
 * Online status (`online`). State lives in three places, each for a reason:
 * - the transitions are events on `userpresence-<id>` (UserWentOnline / UserWentOffline with its reason),
 *   projected into read.users.online (and sent as `company-<id>-user` frames): they are facts (when an
 *   attendant was available), replayable, and what the users screen and the rotation read;
 * - the pings are a heartbeat timestamp (presence.user_heartbeats), overwritten in place: one event per
 *   ping per user would be ~100 facts a day each saying nothing new;
 * - the open sockets are rows of presence.user_connections, shared by every edge process, so closing one
 *   tab of two (wherever each is connected) leaves the user online and closing the last takes them offline.
 * A user goes online at a ping, and offline at logout, when their last socket closes, or (when a browser
 * vanished without closing, or an edge crashed) when the sweeper finds the pings stopped.
 * A restart loses nothing: all of it lives in Postgres, and the sweeper works only from it, so a sweep that
 * runs twice or on another process takes nobody offline twice (the decider records transitions only).
 *
 * Race between a ping and a sweep of the same user: the ping writes its heartbeat before it reads
 * read.users.online; the sweep takes the user offline (and waits for the read model) before it reads the
 * heartbeat again. Whichever reads second sees the other's write, so a user who pinged never stays offline.
 */
export function createPresenceTracker(ctx: PresenceContext, options: { connectionString: string; cron?: string; logger?: AutomationLogger }): PresenceTracker {
  // One socket's open, pings and close are handled in the order they happened (the edge reports them without
  // waiting), so a close never runs before the registration it undoes.
  const socketWork = new Map<string, Promise<unknown>>();
  const inSocketOrder = (connectionId: string, work: () => Promise<void>): Promise<void> => {
    const next = (socketWork.get(connectionId) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => undefined);
    socketWork.set(connectionId, settled);
    void settled.then(() => {
      if (socketWork.get(connectionId) === settled) socketWork.delete(connectionId);
    });
    return next;
  };

  const pingUser = async (user: PresenceUser) => {
    await recordHeartbeat(ctx.db, { ...user, at: ctx.now() });
    const shown = await findUser(ctx.db, user.userId, user.companyId);
    if (shown && !shown.online) await markOnline(ctx, user);
  };

  const tracker = {
    ping(user: PresenceUser, connection?: Pick<UserConnection, 'connectionId' | 'sessionId'>) {
      if (!connection) return pingUser(user);
      return inSocketOrder(connection.connectionId, async () => {
        if (await touchConnection(ctx.db, { ...user, ...connection }, ctx.now())) await pingUser(user);
      });
    },
    connected(connection: UserConnection) {
      return inSocketOrder(connection.connectionId, () => openConnection(ctx.db, connection, ctx.now()));
    },
    disconnected(connection: UserConnection, { serverClosing = false }: { serverClosing?: boolean } = {}) {
      return inSocketOrder(connection.connectionId, async () => {
        await closeConnection(ctx.db, connection.connectionId);
        if (!serverClosing) await offlineUnlessConnected(ctx, connection, 'sockets-closed', systemActor);
      });
    },
    async settled() {
      while (socketWork.size > 0) await Promise.all(socketWork.values());
    },
    async sweep(now: Date) {
      const before = new Date(now.getTime() - USER_OFFLINE_AFTER_MS);
      await sweepStaleConnections(ctx.db, before);
      let wentOffline = 0;
      for (const { userId, companyId, lastSeenAt } of await usersWithStoppedPings(ctx.db, before)) {
        await markOffline(ctx, { userId, companyId }, lastSeenAt, 'pings-stopped', systemActor);
        wentOffline++;
        const seen = await lastHeartbeat(ctx.db, userId);
        if (seen && seen >= before) await markOnline(ctx, { userId, companyId });
      }
      return wentOffline;
    },
  };

  const sweeper = createLeasedCronJob({
    connectionString: options.connectionString,
    lease: PRESENCE_LEASE,
    cron: options.cron ?? PRESENCE_SWEEP_CRON,
    name: 'presence-sweeper',
    tick: () => tracker.sweep(ctx.now()),
    logger: options.logger,
  });

  return {
    ...tracker,
    start: () => sweeper.start(),
    async stop() {
      await sweeper.stop();
      await tracker.settled();
    },
  };
}
