import { withSchemaLock } from '@conversa/projector';
import { sql, type Kysely } from 'kysely';

/**
 * Heartbeats of the browser's `userStatus` ping (every USER_STATUS_PING_MS). A ping is not a fact worth
 * an event (a user online all day would add ~100 events a day to the log), so only the last one per
 * user is kept, here, overwritten in place. Online and offline themselves are events (stream
 * `userpresence-<id>`, projected into read.users.online); the sweeper reads this table to decide when
 * the pings stopped. Not a projector's table: a rebuild of the users read model leaves it alone, and
 * losing it costs at most one sweep that takes a user offline until their next ping.
 */
export async function migratePresence(db: Kysely<any>): Promise<void> {
  await withSchemaLock(db, (trx) =>
    sql`
      create schema if not exists presence;
      create table if not exists presence.user_heartbeats (
        user_id integer primary key,
        company_id integer not null,
        last_seen_at timestamptz not null
      );
      create index if not exists user_heartbeats_last_seen on presence.user_heartbeats (last_seen_at);
      comment on table presence.user_heartbeats is 'Last userStatus ping of each user (operational state, not history)';
    `.execute(trx),
  );
}

export async function recordHeartbeat(db: Kysely<any>, heartbeat: { userId: number; companyId: number; at: Date }): Promise<void> {
  await db
    .insertInto('presence.user_heartbeats')
    .values({ user_id: heartbeat.userId, company_id: heartbeat.companyId, last_seen_at: heartbeat.at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_seen_at: heartbeat.at, company_id: heartbeat.companyId }))
    .execute();
}

export async function lastHeartbeat(db: Kysely<any>, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('presence.user_heartbeats').select('last_seen_at').where('user_id', '=', userId).executeTakeFirst();
  return row ? new Date(row.last_seen_at) : null;
}

/**
 * Users shown online whose last ping is older than `before` (or who have none: a heartbeat table
 * created after they went online). Their last sign of life is the ping, or else when they went online.
 */
export async function usersWithStoppedPings(db: Kysely<any>, before: Date, limit = 500): Promise<{ userId: number; companyId: number; lastSeenAt: Date }[]> {
  const rows = await db
    .selectFrom('read.users as u')
    .leftJoin('presence.user_heartbeats as h', 'h.user_id', 'u.id')
    .select(['u.id', 'u.company_id', (eb) => eb.fn.coalesce('h.last_seen_at', 'u.online_changed_at', 'u.updated_at').as('last_seen_at')])
    .where('u.online', '=', true)
    .where((eb) => eb.or([eb('h.last_seen_at', '<', before), eb('h.last_seen_at', 'is', null)]))
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((row: any) => ({ userId: row.id, companyId: row.company_id, lastSeenAt: new Date(row.last_seen_at) }));
}
