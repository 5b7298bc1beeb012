import type { ReportTicket, TicketReportExportQuery } from '@conversa/contracts';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import type { OpenQuery } from '../columns';
import { sameCompany } from '../reads';

/** `searchNumbers` false: a masked viewer's text never matches a number it cannot see. */
export type ReportFilter = TicketReportExportQuery & { searchNumbers: boolean };

/** The report's rows: the company's (not deleted) tickets matching every given filter. */
function filtered(db: Kysely<ReadDatabase>, companyId: number, filter: ReportFilter) {
  let query = db.selectFrom('read.dashboard_tickets as f').where('f.company_id', '=', companyId).where('f.deleted', '=', false);
  if (filter.contactId !== undefined) query = query.where('f.contact_id', '=', filter.contactId);
  if (filter.searchParam) {
    const like = `%${filter.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The contacts it names, not a join: a count over a year's tickets then reads one table.
    query = query.where((eb) =>
      eb(
        'f.contact_id',
        'in',
        eb
          .selectFrom('read.contacts as sc')
          .select('sc.id')
          .where('sc.company_id', '=', companyId)
          .where((inner) =>
            filter.searchNumbers ? inner.or([inner('sc.name', 'ilike', like), inner('sc.number', 'like', like)]) : inner('sc.name', 'ilike', like),
          ),
      ),
    );
  }
  if (filter.whatsappId?.length) query = query.where('f.whatsapp_id', 'in', filter.whatsappId);
  if (filter.users?.length) query = query.where('f.user_id', 'in', filter.users);
  if (filter.queueIds?.length) query = query.where('f.queue_id', 'in', filter.queueIds);
  if (filter.status?.length) query = query.where('f.status', 'in', filter.status);
  if (filter.tags?.length) {
    const tags = filter.tags;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('read.contact_tags as ct')
          .select(sql.lit(1).as('one'))
          .whereRef('ct.contact_id', '=', 'f.contact_id')
          .where('ct.company_id', '=', companyId)
          .where('ct.tag_id', 'in', tags),
      ),
    );
  }
  if (filter.dateFrom) query = query.where('f.created_day', '>=', filter.dateFrom);
  if (filter.dateTo) query = query.where('f.created_day', '<=', filter.dateTo);
  return query;
}

function withColumns<T extends OpenQuery>(query: T) {
  return (query as unknown as ReturnType<typeof filtered>)
    .innerJoin('read.contacts as c', sameCompany('c', 'f', 'contact_id'))
    .leftJoin('read.tickets as t', 't.id', 'f.id')
    .leftJoin('read.users as u', sameCompany('u', 'f', 'user_id'))
    .leftJoin('read.queues as q', sameCompany('q', 'f', 'queue_id'))
    .leftJoin('read.connections as w', sameCompany('w', 'f', 'whatsapp_id'))
    .select([
      'f.id',
      'f.uuid',
      'f.status',
      'f.created_at',
      'f.closed_at',
      'f.support_seconds',
      'f.rating',
      'c.name as contactName',
      'c.number as contactNumber',
      'u.name as userName',
      'q.name as queueName',
      'w.name as whatsappName',
      't.last_message as lastMessage',
      't.channel as channel',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];
const rowView = (row: Row): ReportTicket => ({
  id: row.id,
  uuid: row.uuid,
  whatsappName: row.whatsappName,
  // A fact whose tickets row is missing (not seen in practice) reads as the default channel.
  channel: row.channel ?? 'whatsapp',
  contactName: row.contactName,
  contactNumber: row.contactNumber,
  userName: row.userName,
  queueName: row.queueName,
  status: row.status,
  lastMessage: row.lastMessage ?? '',
  createdAt: new Date(row.created_at).toISOString(),
  closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
  // Support time (docs/metrics.md) in minutes: the completed attendance runs.
  supportTime: row.support_seconds > 0 || row.closed_at ? Math.round((row.support_seconds / 60) * 100) / 100 : null,
  NPS: row.rating,
});

/** One page of the report, newest first, and how many rows match. */
export async function ticketReport(db: Kysely<ReadDatabase>, companyId: number, filter: ReportFilter & { page: number; pageSize: number }) {
  const base = filtered(db, companyId, filter);
  const [rows, total] = await Promise.all([
    withColumns(base)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { tickets: rows.map(rowView), totalTickets: { total: Number(total.total) } };
}

/** How many rows an export will write (the browser's progress bar). */
export async function ticketReportCount(db: Kysely<ReadDatabase>, companyId: number, filter: ReportFilter): Promise<number> {
  const row = await filtered(db, companyId, filter)
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Every row of the report, newest first, in keyset pages: memory stays flat however many rows
 * match, and no page is re-sorted from the start (an offset would be).
 */
export async function* ticketReportRows(db: Kysely<ReadDatabase>, companyId: number, filter: ReportFilter, pageSize = 2000): AsyncGenerator<ReportTicket[]> {
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    let query = withColumns(filtered(db, companyId, filter));
    if (after) {
      const { createdAt, id } = after;
      query = query.where((eb) => eb(eb.refTuple('f.created_at', 'f.id'), '<', eb.tuple(createdAt, id)));
    }
    const rows = await query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(pageSize).execute();
    if (rows.length === 0) return;
    yield rows.map(rowView);
    const last = rows[rows.length - 1]!;
    after = { createdAt: new Date(last.created_at), id: last.id };
    if (rows.length < pageSize) return;
  }
}
