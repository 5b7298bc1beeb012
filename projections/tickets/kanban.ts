import { KANBAN_TICKETS_LIMIT, seesAllTickets, type KanbanTicket, type TicketViewer } from '@conversa/contracts';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { visibleTo } from './queries';
import type { OpenTables } from '../columns';

/**
 * The kanban board's cards: the company's tickets still being handled (pending, open, group) in the
 * given queues, newest activity first. A plain user's board never reaches past their own queues (and
 * the shared visibility rule applies); those who see every ticket (admins, supervisors, super users)
 * see every queue of the company — all of them, queueless tickets too, when no queue is asked for. One statement: the contact's name and
 * number and its live tags (with their kanban flag, which picks the lane) come in the same rows.
 */
export async function kanbanTickets(
  db: Kysely<ReadDatabase>,
  companyId: number,
  viewer: TicketViewer,
  queueIds: readonly number[] | undefined,
): Promise<KanbanTicket[]> {
  const everyQueue = seesAllTickets(viewer);
  const mine = new Set(viewer.queueIds);
  const queues = everyQueue ? (queueIds?.length ? [...queueIds] : undefined) : (queueIds ?? [...mine]).filter((id) => mine.has(id));
  if (queues?.length === 0) return [];
  let query = db
    .selectFrom('read.tickets as t')
    .select(['t.id', 't.uuid', 't.status', 't.queue_id', 't.user_id', 't.contact_id', 't.last_message', 't.updated_at'])
    .select([
      sql<{
        name: string;
        number: string;
      } | null>`(select jsonb_build_object('name', c.name, 'number', c.number) from read.contacts c where c.id = t.contact_id)`.as('contact'),
      sql<
        KanbanTicket['tags']
      >`coalesce((select jsonb_agg(jsonb_build_object('id', tg.id, 'name', tg.name, 'color', tg.color, 'kanban', tg.kanban) order by lower(tg.name), tg.id)
        from read.contact_tags ct join read.tags tg on tg.id = ct.tag_id where ct.contact_id = t.contact_id and not tg.deleted), '[]'::jsonb)`.as('tags'),
    ])
    .where('t.company_id', '=', companyId)
    .where('t.deleted', '=', false)
    .where('t.status', 'in', ['pending', 'open', 'group'])
    .where((eb: ExpressionBuilder<OpenTables, OpenTables>) => visibleTo(eb, viewer, true));
  if (queues) query = query.where('t.queue_id', 'in', queues);
  const rows = await query.orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').limit(KANBAN_TICKETS_LIMIT).execute();
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    queueId: row.queue_id,
    userId: row.user_id,
    contactId: row.contact_id,
    contact: { name: row.contact?.name ?? '', number: row.contact?.number ?? '' },
    lastMessage: row.last_message ?? '',
    updatedAt: new Date(row.updated_at).toISOString(),
    tags: row.tags,
  }));
}
