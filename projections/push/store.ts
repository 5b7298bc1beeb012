import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import type { Timestamp } from '../columns';
import { boolean, createSchemaTables, integer, text, timestamptz, uuid, type Tables } from '../ddl';

/**
 * Web Push state (docs/push.md): each browser's subscription, each user's choices, and which pushes went out. Like
 * presence.user_connections, operational state rather than history: a subscription is a device's address that the
 * push service may revoke at any time, and the log would gain nothing from it. Not a projector's table: a rebuild
 * leaves it alone.
 */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: number;
  company_id: number;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}
export interface PushSettingsTable {
  user_id: number;
  new_tickets: boolean;
  new_messages: boolean;
}
export interface PushDeliveriesTable {
  event_id: string;
  endpoint: string;
  sent_at: Timestamp;
}
export interface PushTables {
  'push.subscriptions': PushSubscriptionsTable;
  'push.settings': PushSettingsTable;
  'push.deliveries': PushDeliveriesTable;
}

const tables: Tables = {
  'push.subscriptions': {
    comment: 'Browsers subscribed to Web Push: one row per push endpoint, the user who subscribed it last',
    columns: {
      endpoint: text.primaryKey(),
      user_id: integer.notNull(),
      company_id: integer.notNull(),
      p256dh: text.notNull(),
      auth: text.notNull(),
      created_at: timestamptz.notNull(),
    },
    indexes: {
      push_subscriptions_user: '(user_id)',
    },
  },
  'push.settings': {
    comment: 'What a user wants pushed; no row: everything',
    columns: {
      user_id: integer.primaryKey(),
      new_tickets: boolean.notNull(),
      new_messages: boolean.notNull(),
    },
  },
  'push.deliveries': {
    comment: 'One row per event and endpoint pushed: a batch the push reactor handles again (after a crash) pushes nothing twice',
    columns: {
      event_id: uuid.notNull(),
      endpoint: text.notNull(),
      sent_at: timestamptz.notNull(),
    },
    constraints: ['primary key (event_id, endpoint)'],
    indexes: {
      push_deliveries_sent: '(sent_at)',
    },
  },
};

/** Its tables; the column it reads on presence.user_connections (visible) is declared there (users/presence.ts). */
export async function migratePush(db: Kysely<ReadDatabase>): Promise<void> {
  await createSchemaTables(db, 'push', tables);
}

export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
export interface PushChoices {
  newTickets: boolean;
  newMessages: boolean;
}

/** A browser's subscription, moved to this user when another one had it (a shared computer). */
export async function saveSubscription(
  db: Kysely<ReadDatabase>,
  owner: { userId: number; companyId: number },
  subscription: StoredSubscription,
  at: Date,
): Promise<void> {
  await db
    .insertInto('push.subscriptions')
    .values({
      endpoint: subscription.endpoint,
      user_id: owner.userId,
      company_id: owner.companyId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      created_at: at,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: owner.userId, company_id: owner.companyId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, created_at: at }),
    )
    .execute();
}

export async function removeSubscription(db: Kysely<ReadDatabase>, endpoint: string, userId?: number): Promise<void> {
  let query = db.deleteFrom('push.subscriptions').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

export async function subscriptionsOf(db: Kysely<ReadDatabase>, userIds: readonly number[]): Promise<Array<StoredSubscription & { userId: number }>> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('push.subscriptions').select(['endpoint', 'user_id', 'p256dh', 'auth']).where('user_id', 'in', userIds).execute();
  return rows.map((row) => ({ endpoint: row.endpoint, userId: row.user_id, keys: { p256dh: row.p256dh, auth: row.auth } }));
}

export async function pushChoices(db: Kysely<ReadDatabase>, userId: number): Promise<PushChoices> {
  const row = await db.selectFrom('push.settings').select(['new_tickets', 'new_messages']).where('user_id', '=', userId).executeTakeFirst();
  return { newTickets: row?.new_tickets ?? true, newMessages: row?.new_messages ?? true };
}

export async function savePushChoices(db: Kysely<ReadDatabase>, userId: number, choices: PushChoices): Promise<void> {
  await db
    .insertInto('push.settings')
    .values({ user_id: userId, new_tickets: choices.newTickets, new_messages: choices.newMessages })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ new_tickets: choices.newTickets, new_messages: choices.newMessages }))
    .execute();
}

/** Of these users, those with a tab showing the page now (a visible socket not logged out). */
export async function usersWithVisibleTab(db: Kysely<ReadDatabase>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('presence.user_connections')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', userIds)
    .where('visible', '=', true)
    .where('logged_out', '=', false)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export async function setConnectionVisible(db: Kysely<ReadDatabase>, connectionId: string, visible: boolean): Promise<void> {
  await db.updateTable('presence.user_connections').set({ visible }).where('connection_id', '=', connectionId).execute();
}

/** Claims the push of one event to one endpoint: false when it was claimed before (the batch is handled again). */
export async function claimDelivery(db: Kysely<ReadDatabase>, eventId: string, endpoint: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('push.deliveries')
    .values({ event_id: eventId, endpoint, sent_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}
