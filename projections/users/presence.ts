import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { migratePush } from '../push/store';
import { countOf } from '../reads';
import { boolean, createSchemaTables, integer, text, timestamptz, uuid, type Tables } from '../ddl';

const tables: Tables = {
  'presence.user_heartbeats': {
    comment: 'Last userStatus ping of each user (operational state, not history)',
    columns: {
      user_id: integer.primaryKey(),
      company_id: integer.notNull(),
      last_seen_at: timestamptz.notNull(),
    },
    indexes: {
      user_heartbeats_last_seen: '(last_seen_at)',
    },
  },
  'presence.user_connections': {
    comment: 'Open websockets of each user, on every edge process: the last one closing takes the user offline (operational state, not history)',
    columns: {
      connection_id: uuid.primaryKey(),
      user_id: integer.notNull(),
      company_id: integer.notNull(),
      session_id: text.notNull(),
      opened_at: timestamptz.notNull(),
      last_seen_at: timestamptz
        .notNull()
        .comment('When the socket opened or last sent userStatus; rows of a crashed edge are swept once it is older than the offline window'),
      logged_out: boolean.notNull().default(false).comment('Its session logged out: the socket no longer keeps the user online, and its pings are ignored'),
    },
    added: {
      // Web Push's (push/store.ts): a user is pushed to only while no tab of theirs is visible.
      visible: boolean
        .notNull()
        .default(true)
        .comment('The tab showed the page at its last visibility frame (a new socket counts as visible): pushes wait for no visible tab'),
    },
    indexes: {
      user_connections_user: '(user_id)',
      user_connections_session: '(session_id)',
      user_connections_last_seen: '(last_seen_at)',
    },
  },
};

/**
 * Heartbeats of the browser's `userStatus` ping (every USER_STATUS_PING_MS). A ping is not a fact worth
 * an event (a user online all day would add ~100 events a day to the log), so only the last one per
 * user is kept, here, overwritten in place. Online and offline themselves are events (stream
 * `userpresence-<id>`, projected into read.users.online); the sweeper reads this table to decide when
 * the pings stopped. Not a projector's table: a rebuild of the users read model leaves it alone, and
 * losing it costs at most one sweep that takes a user offline until their next ping.
 */
export async function migratePresence(db: Kysely<ReadDatabase>): Promise<void> {
  await createSchemaTables(db, 'presence', tables);
  await migratePush(db);
}

/**
 * The open websockets of a user, across every edge process (one edge cannot know about a second tab held by
 * another). A socket is registered when its token is verified and removed when it closes; a ping refreshes it
 * (and registers it again if a sweep removed it). A crashed edge cannot remove its rows: the sweeper does, once
 * they are older than the offline window, as it would take the user offline for the stopped pings anyway.
 */
export interface UserConnection {
  connectionId: string;
  userId: number;
  companyId: number;
  sessionId: string;
}

/** A socket's row as it opens (or comes back after a sweep). */
const connectionRow = (connection: UserConnection, at: Date) => ({
  connection_id: connection.connectionId,
  user_id: connection.userId,
  company_id: connection.companyId,
  session_id: connection.sessionId,
  opened_at: at,
  last_seen_at: at,
});

export async function openConnection(db: Kysely<ReadDatabase>, connection: UserConnection, at: Date): Promise<void> {
  await db
    .insertInto('presence.user_connections')
    .values(connectionRow(connection, at))
    .onConflict((oc) => oc.column('connection_id').doNothing())
    .execute();
}

/** A ping on this socket: refreshes it (registering it again if it was swept). Answers false when its session logged out. */
export async function touchConnection(db: Kysely<ReadDatabase>, connection: UserConnection, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('presence.user_connections')
    .values(connectionRow(connection, at))
    .onConflict((oc) => oc.column('connection_id').doUpdateSet({ last_seen_at: at }))
    .returning('logged_out')
    .executeTakeFirstOrThrow();
  return !row.logged_out;
}

export async function closeConnection(db: Kysely<ReadDatabase>, connectionId: string): Promise<void> {
  await db.deleteFrom('presence.user_connections').where('connection_id', '=', connectionId).execute();
}

/** A logout: the session's sockets (other tabs of the same browser) stay open until they notice, but no longer count. */
export async function endSessionConnections(db: Kysely<ReadDatabase>, sessionId: string): Promise<void> {
  await db.updateTable('presence.user_connections').set({ logged_out: true }).where('session_id', '=', sessionId).execute();
}

/** Sockets that keep the user online: open, and of a session that did not log out. */
export async function liveConnectionCount(db: Kysely<ReadDatabase>, userId: number): Promise<number> {
  return countOf(db.selectFrom('presence.user_connections').where('user_id', '=', userId).where('logged_out', '=', false));
}

/** Removes sockets not seen since `before` (a crashed edge's, or ones whose browser stopped pinging); answers how many. */
export async function sweepStaleConnections(db: Kysely<ReadDatabase>, before: Date): Promise<number> {
  const result = await db.deleteFrom('presence.user_connections').where('last_seen_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordHeartbeat(db: Kysely<ReadDatabase>, heartbeat: { userId: number; companyId: number; at: Date }): Promise<void> {
  await db
    .insertInto('presence.user_heartbeats')
    .values({ user_id: heartbeat.userId, company_id: heartbeat.companyId, last_seen_at: heartbeat.at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_seen_at: heartbeat.at, company_id: heartbeat.companyId }))
    .execute();
}

export async function lastHeartbeat(db: Kysely<ReadDatabase>, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('presence.user_heartbeats').select('last_seen_at').where('user_id', '=', userId).executeTakeFirst();
  return row ? new Date(row.last_seen_at) : null;
}

/**
 * Users shown online whose last ping is older than `before` (or who have none: a heartbeat table
 * created after they went online). Their last sign of life is the ping, or else when they went online.
 */
export async function usersWithStoppedPings(
  db: Kysely<ReadDatabase>,
  before: Date,
  limit = 500,
): Promise<{ userId: number; companyId: number; lastSeenAt: Date }[]> {
  const rows = await db
    .selectFrom('read.users as u')
    .leftJoin('presence.user_heartbeats as h', 'h.user_id', 'u.id')
    .select(['u.id', 'u.company_id', (eb) => eb.fn.coalesce('h.last_seen_at', 'u.online_changed_at', 'u.updated_at').as('last_seen_at')])
    .where('u.online', '=', true)
    .where((eb) => eb.or([eb('h.last_seen_at', '<', before), eb('h.last_seen_at', 'is', null)]))
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.id, companyId: row.company_id, lastSeenAt: new Date(row.last_seen_at) }));
}
