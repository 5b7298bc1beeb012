import type { MomentsView, MomentTicket, TicketStatus } from '@conversa/contracts';
import { type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { liveRows, sameCompany } from '../reads';

/** A board shows at most this many tickets per list (an attendant's column, the pending list). */
export const MOMENTS_TICKETS_PER_LIST = 200;

export interface MomentsFilter {
  status?: TicketStatus[];
  queueIds?: number[];
  userId?: number;
  dateStart?: string;
  dateEnd?: string;
  zone: string;
}

/**
 * The moments board: every attendant of the company with the tickets they hold (open by default),
 * and the tickets waiting in queues. Read from the tickets read model, the same rows the ticket
 * list shows, so the board moves with its frames.
 */
export async function moments(db: Kysely<ReadDatabase>, companyId: number, filter: MomentsFilter): Promise<MomentsView> {
  const held: TicketStatus[] = filter.status?.filter((s) => s !== 'pending') ?? ['open'];
  let query = db
    .selectFrom('read.tickets as t')
    .innerJoin('read.contacts as c', sameCompany('c', 't', 'contact_id'))
    .leftJoin('read.queues as q', sameCompany('q', 't', 'queue_id'))
    .where('t.company_id', '=', companyId)
    .where('t.deleted', '=', false)
    .where('t.is_group', '=', false);
  if (filter.queueIds?.length) query = query.where('t.queue_id', 'in', filter.queueIds);
  if (filter.dateStart) query = query.where('t.created_at', '>=', zonedMidnight(filter.dateStart, filter.zone));
  if (filter.dateEnd) query = query.where('t.created_at', '<', zonedMidnight(nextDay(filter.dateEnd), filter.zone));
  const columns = [
    't.id',
    't.uuid',
    't.status',
    't.user_id',
    't.last_message',
    't.updated_at',
    'c.id as contactId',
    'c.name as contactName',
    'c.number as contactNumber',
    'q.name as queueName',
    'q.color as queueColor',
  ] as const;
  const showPending = !filter.status || filter.status.includes('pending');
  const [users, heldRows, pendingRows] = await Promise.all([
    liveRows(db, 'read.users', companyId)
      .select(['id', 'name', 'online'])
      .$if(filter.userId !== undefined, (q) => q.where('id', '=', filter.userId!))
      .orderBy('name')
      .orderBy('id')
      .execute(),
    held.length === 0
      ? Promise.resolve([])
      : query
          .select(columns)
          .where('t.status', 'in', held)
          .where('t.user_id', 'is not', null)
          .$if(filter.userId !== undefined, (q) => q.where('t.user_id', '=', filter.userId!))
          .orderBy('t.updated_at', 'desc')
          .limit(MOMENTS_TICKETS_PER_LIST * 20)
          .execute(),
    showPending
      ? query.select(columns).where('t.status', '=', 'pending').orderBy('t.updated_at', 'asc').limit(MOMENTS_TICKETS_PER_LIST).execute()
      : Promise.resolve([]),
  ]);
  const card = (row: (typeof heldRows)[number]): MomentTicket => ({
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    userId: row.user_id,
    lastMessage: row.last_message,
    updatedAt: new Date(row.updated_at).toISOString(),
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    queueName: row.queueName,
    queueColor: row.queueColor,
  });
  return {
    attendants: users.map((user) => ({
      id: user.id,
      name: user.name,
      online: user.online,
      tickets: heldRows
        .filter((row) => row.user_id === user.id)
        .slice(0, MOMENTS_TICKETS_PER_LIST)
        .map(card),
    })),
    pending: pendingRows.map(card),
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The instant a company-zone day starts. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at that moment (twice, for a day that starts across a DST change).
  let guess = utc;
  for (let i = 0; i < 2; i++) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(guess));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    guess = utc - (local - guess);
  }
  return new Date(guess);
}
