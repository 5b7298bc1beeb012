import { defaultQueueWorkSettings, type QueueWorkView, type UserStatus } from '@conversa/contracts';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

/** A queue's work settings (the defaults for a queue that never set any). */
export async function findQueueWork(db: Kysely<ReadDatabase>, companyId: number, queueId: number): Promise<QueueWorkView> {
  const row = await db.selectFrom('read.assignment_queues').selectAll().where('company_id', '=', companyId).where('queue_id', '=', queueId).executeTakeFirst();
  if (!row) return { queueId, ...defaultQueueWorkSettings };
  return {
    queueId,
    autoAssign: row.auto_assign,
    positionStep: row.position_step,
    priorityTagIds: row.priority_tag_ids,
    capacities: row.capacities,
    firstResponseMinutes: row.first_response_minutes,
    resolutionMinutes: row.resolution_minutes,
  };
}

/** The queues with assignment on (of one company, or all). */
export async function autoAssignQueues(db: Kysely<ReadDatabase>, companyId?: number): Promise<Array<{ companyId: number; queueId: number }>> {
  let query = db.selectFrom('read.assignment_queues').select(['company_id', 'queue_id']).where('auto_assign', '=', true);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  const rows = await query.orderBy('queue_id').execute();
  return rows.map((row) => ({ companyId: row.company_id, queueId: row.queue_id }));
}

export async function userStatusOf(db: Kysely<ReadDatabase>, companyId: number, userId: number): Promise<UserStatus> {
  const row = await db
    .selectFrom('read.assignment_agents')
    .select('status')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.status as UserStatus | undefined) ?? 'offline';
}

/** Of these users, those who set themselves away or offline in the top bar (not a lost socket): push leaves them alone. */
export async function absentByChoice(db: Kysely<ReadDatabase>, companyId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('read.assignment_agents')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('status', 'in', ['away', 'offline'])
    .where('status_reason', '=', 'chosen')
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** The queue's waiting line: pending tickets with no attendant, since they arrived in the queue; priority when the contact has one of the tags. */
export async function queueLine(db: Kysely<ReadDatabase>, companyId: number, queueId: number, priorityTagIds: readonly number[]) {
  const rows = await db
    .selectFrom('read.ticket_routing as t')
    .select(['t.ticket_id', 't.waiting_since', 't.opened_at'])
    .select(
      (priorityTagIds.length === 0
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from read.contact_tags ct where ct.contact_id = t.contact_id and ct.tag_id = any(${[...priorityTagIds]}::int[]))`
      ).as('priority'),
    )
    .where('t.company_id', '=', companyId)
    .where('t.queue_id', '=', queueId)
    .where('t.status', '=', 'pending')
    .where('t.user_id', 'is', null)
    .where('t.is_group', '=', false)
    .orderBy('t.waiting_since')
    .orderBy('t.ticket_id')
    .execute();
  return rows.map((row) => ({
    ticketId: row.ticket_id,
    arrivedAt: new Date(row.waiting_since ?? row.opened_at ?? 0).toISOString(),
    priority: Boolean(row.priority),
  }));
}

/** The queue's attendants who are online, with their open tickets of the queue and since when they are idle. */
export async function onlineAttendants(db: Kysely<ReadDatabase>, companyId: number, queueId: number) {
  const rows = await db
    .selectFrom('read.users as u')
    .innerJoin('read.assignment_agents as a', 'a.user_id', 'u.id')
    .select(['u.id', 'a.idle_since'])
    .select((eb) =>
      eb
        .selectFrom('read.ticket_routing as t')
        .select((inner) => inner.fn.countAll<string>().as('open'))
        .whereRef('t.user_id', '=', 'u.id')
        .where('t.company_id', '=', companyId)
        .where('t.queue_id', '=', queueId)
        .where('t.status', 'in', ['open', 'group'])
        .as('open'),
    )
    .where('u.company_id', '=', companyId)
    .where('u.deleted', '=', false)
    .where('a.status', '=', 'online')
    .where(sql<boolean>`${queueId} = any(u.queue_ids)`)
    .orderBy('u.id')
    .execute();
  return rows.map((row) => ({ userId: row.id, openTickets: Number(row.open ?? 0), idleSince: new Date(row.idle_since).toISOString() }));
}

/** Attendants still online for assignment whose sockets all went before `before` (the grace passed). */
export async function onlineButDisconnected(db: Kysely<ReadDatabase>, before: Date, limit = 500) {
  const rows = await db
    .selectFrom('read.assignment_agents as a')
    .innerJoin('read.users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'a.company_id', 'u.online_changed_at'])
    .where('a.status', '=', 'online')
    .where('u.online', '=', false)
    .where('u.online_changed_at', '<', before)
    .orderBy('a.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, companyId: row.company_id, offlineSince: new Date(row.online_changed_at!).toISOString() }));
}
