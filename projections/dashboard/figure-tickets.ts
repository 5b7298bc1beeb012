import type { DashboardFigure, DashboardPeriod, FigureTickets } from '@conversa/contracts';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { sameCompany } from '../reads';

export interface FigureFilter {
  figure: DashboardFigure;
  period: DashboardPeriod;
  userId?: number;
  queueId?: number;
  page: number;
  pageSize: number;
}

/**
 * The tickets behind a card's number: the same rows the daily sums add up (docs/metrics.md), so a
 * card and its list never disagree. Newest first.
 */
export async function figureTickets(db: Kysely<ReadDatabase>, companyId: number, filter: FigureFilter): Promise<FigureTickets> {
  const { figure, period } = filter;
  let query = db.selectFrom('read.dashboard_tickets as f').where('f.company_id', '=', companyId).where('f.deleted', '=', false).where('f.is_group', '=', false);
  if (figure === 'closed') {
    query = query.where('f.closed_day', '>=', period.from).where('f.closed_day', '<=', period.to);
  } else {
    query = query.where('f.created_day', '>=', period.from).where('f.created_day', '<=', period.to);
    if (figure === 'supportPending') query = query.where('f.status', 'in', ['pending', 'lgpd']);
    if (figure === 'supportHappening') query = query.where('f.status', '=', 'open');
    if (figure === 'supportFinished') query = query.where('f.status', 'in', ['closed', 'nps']);
    if (figure === 'leads') query = query.where('f.lead', '=', true);
    if (figure === 'waited') query = query.where('f.answered_after_wait', '=', true);
    if (figure === 'rated') query = query.where('f.rating', 'is not', null);
  }
  if (filter.userId !== undefined) query = query.where('f.user_id', '=', filter.userId);
  if (filter.queueId !== undefined) query = query.where('f.queue_id', '=', filter.queueId);
  const [rows, total] = await Promise.all([
    query
      .leftJoin('read.contacts as c', sameCompany('c', 'f', 'contact_id'))
      .leftJoin('read.users as u', sameCompany('u', 'f', 'user_id'))
      .leftJoin('read.queues as q', sameCompany('q', 'f', 'queue_id'))
      .select([
        'f.id',
        'f.uuid',
        'c.name as contactName',
        'u.name as userName',
        'q.name as queueName',
        'f.status',
        'f.created_at',
        'f.closed_at',
        'f.wait_seconds',
        'f.support_seconds',
        'f.rating',
      ])
      .orderBy('f.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(total.total),
    tickets: rows.map((row) => ({
      id: row.id,
      uuid: row.uuid,
      contactName: row.contactName ?? '',
      userName: row.userName,
      queueName: row.queueName,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
      waitSeconds: row.wait_seconds,
      supportSeconds: row.support_seconds,
      rating: row.rating,
    })),
  };
}
