import type { TicketHistoryNames, TicketLogEntry } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { queueSummaries } from '../queues/queries';

/** The ids a ticket's history refers to, by kind. */
export interface TicketHistoryIds {
  users: readonly number[];
  queues: readonly number[];
  connections: readonly number[];
  prompts: readonly number[];
}

const byId = (rows: ReadonlyArray<{ id: number; name: string }>): Record<number, string> => Object.fromEntries(rows.map((row) => [row.id, row.name]));
const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Names of the users, queues, connections and prompts of the company that a ticket's history names, deleted ones
 * included (the history keeps what was): GET /tickets/{id}/history answers them beside the events.
 */
export async function ticketHistoryNames(db: Kysely<ReadDatabase>, companyId: number, ids: TicketHistoryIds): Promise<TicketHistoryNames> {
  const [users, queues, connections, prompts] = await Promise.all([
    ids.users.length === 0
      ? []
      : db.selectFrom('read.users').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', unique(ids.users)).execute(),
    queueSummaries(db, companyId, ids.queues),
    ids.connections.length === 0
      ? []
      : db.selectFrom('read.connections').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', unique(ids.connections)).execute(),
    ids.prompts.length === 0
      ? []
      : db.selectFrom('read.prompts').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', unique(ids.prompts)).execute(),
  ]);
  return { users: byId(users), queues: byId([...queues.values()]), connections: byId(connections), prompts: byId(prompts) };
}

/** Which kind of record an event field names by id (`from` and `to` of a transfer hold the same fields). */
const kindOfField: Record<string, keyof TicketHistoryIds> = {
  userId: 'users',
  fromUserId: 'users',
  queueId: 'queues',
  whatsappId: 'connections',
  promptId: 'prompts',
};

/** The ids named by these events' data (nested objects included) and by their authors. */
export function idsInHistory(events: ReadonlyArray<{ data: unknown; actorUserId: number | null }>): TicketHistoryIds {
  const ids = { users: [] as number[], queues: [] as number[], connections: [] as number[], prompts: [] as number[] };
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    for (const [field, inner] of Object.entries(value)) {
      const kind = kindOfField[field];
      if (kind && typeof inner === 'number') ids[kind].push(inner);
      else walk(inner);
    }
  };
  for (const event of events) {
    walk(event.data);
    if (event.actorUserId !== null) ids.users.push(event.actorUserId);
  }
  return ids;
}

/** The ticket's log (read.ticket_log): who did what and when, with the queue's name, oldest first. */
export async function ticketLog(db: Kysely<ReadDatabase>, companyId: number, ticketId: number): Promise<TicketLogEntry[]> {
  const rows = await db
    .selectFrom('read.ticket_log as l')
    .leftJoin('read.users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.type', 'l.created_at', 'l.user_id', 'u.name as user_name', 'l.queue_id'])
    .where('l.company_id', '=', companyId)
    .where('l.ticket_id', '=', ticketId)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
  const queues = await queueSummaries(
    db,
    companyId,
    rows.map((row) => row.queue_id).filter((id): id is number => id !== null),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    queue: row.queue_id === null ? null : { id: row.queue_id, name: queues.get(row.queue_id)?.name ?? '' },
  }));
}
