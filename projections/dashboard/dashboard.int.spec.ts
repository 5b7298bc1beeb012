import type { RecordedEvent } from '@conversa/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDatabase } from '../database';
import { dashboardProjector } from './projector';
import { dashboardCounters, npsInfo, perDay } from './queries';
import { figureTickets } from './figure-tickets';
import { readDatabase } from '../testing';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;
let sequence = 0n;

// Company zone America/Sao_Paulo (UTC−3): 02:30 UTC on 2 May is still 1 May there.
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 4, day, hour, minute)).toISOString();
const recorded = (type: string, data: Record<string, unknown>, occurredAt: string, sameCommit = false): RecordedEvent => {
  sequence += 1n;
  const commit = sameCommit ? sequence - 1n : sequence;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    streamId: 'test',
    revision: 0,
    type,
    data,
    metadata: {
      companyId: 2,
      actor: { kind: 'system', id: 't' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt,
      schemaVersion: 1,
      prevHash: null,
      hash: 'h',
    },
    position: { commit: commit * 10n, prepare: sequence },
    createdAt: new Date(),
  };
};
const created = (ticketId: number, contactId: number, time: string, extra: Record<string, unknown> = {}) =>
  recorded(
    'TicketCreated',
    {
      ticketId,
      uuid: `0b6f6f8e-4a55-4c2a-9d1e-${String(ticketId).padStart(12, '0')}`,
      contactId,
      whatsappId: 4,
      queueId: 7,
      userId: null,
      status: 'pending',
      isGroup: false,
      channel: 'sandbox',
      ...extra,
    },
    time,
  );
const accepted = (ticketId: number, userId: number, time: string) => recorded('TicketAccepted', { ticketId, userId, queueId: 7, status: 'open' }, time);
const closed = (ticketId: number, userId: number | null, time: string, sameCommit = false) =>
  recorded('TicketClosed', { ticketId, userId, farewell: false, reason: 'resolved' }, time, sameCommit);

const history = [
  // 1: the bot talks 2 min, it waits 8 min, user 5 attends 10 min, it goes back to the queue for 5 min,
  // user 6 attends 15 min and closes; the rating is asked in the same append and comes 5 min later.
  created(1, 30, at(1, 13)),
  recorded('BotMenuShown', { ticketId: 1, menu: 'queues', queueId: null, path: [], attempt: 1, windowStartedAt: at(1, 13) }, at(1, 13)),
  recorded('BotHandedOver', { ticketId: 1, reason: 'queued', at: at(1, 13, 2) }, at(1, 13, 2)),
  accepted(1, 5, at(1, 13, 10)),
  recorded('TicketReturnedToQueue', { ticketId: 1, fromUserId: 5, queueId: 7 }, at(1, 13, 20)),
  accepted(1, 6, at(1, 13, 25)),
  closed(1, 6, at(1, 13, 40)),
  recorded('TicketRatingRequested', { ticketId: 1 }, at(1, 13, 40), true),
  recorded('TicketRated', { ticketId: 1, rating: 4 }, at(1, 13, 45)),
  // 2: an attendant's own conversation (no wait): 30 min, closed, reopened, 10 more min; rated 2.
  created(2, 31, at(1, 14), { status: 'open', userId: 5 }),
  closed(2, 5, at(1, 14, 30)),
  recorded('TicketReopened', { ticketId: 2, userId: 5, queueId: 7, status: 'open' }, at(1, 15)),
  closed(2, 5, at(2, 15, 10)),
  recorded('TicketRatingRequested', { ticketId: 2 }, at(2, 15, 10)),
  recorded('TicketRated', { ticketId: 2, rating: 2 }, at(2, 15, 11)),
  // 3: contact 30 again (not a lead), late at night: 1 May in the company's zone; still waiting.
  created(3, 30, at(2, 2, 30)),
  // 4: a group conversation and 5: a deleted ticket count nowhere.
  created(4, 40, at(1, 16), { status: 'group', isGroup: true }),
  created(5, 41, at(1, 16)),
  recorded('TicketDeleted', { ticketId: 5 }, at(1, 16, 1)),
  // 6: transferred from user 5 to the queue: a second wait, then user 6 takes it.
  created(6, 42, at(2, 12), { status: 'open', userId: 5 }),
  recorded('TicketTransferred', { ticketId: 6, from: { userId: 5, queueId: 7 }, to: { userId: null, queueId: 8 }, status: 'pending' }, at(2, 12, 5)),
  accepted(6, 6, at(2, 12, 8)),
  // 7: asked for consent (bot time 4 min) then waits and is accepted.
  created(7, 43, at(2, 20)),
  recorded('TicketLgpdConsentRequested', { ticketId: 7 }, at(2, 20)),
  recorded('TicketLgpdConsentAnswered', { ticketId: 7, accepted: true }, at(2, 20, 4)),
  accepted(7, 6, at(2, 20, 10)),
];

const apply = (events: RecordedEvent[]) => db.transaction().execute((trx) => dashboardProjector.handle(trx, events));
const rows = async () => ({
  tickets: (await sql`select * from read.dashboard_tickets order by id`.execute(db)).rows,
  daily: (
    await sql`select * from read.dashboard_daily where (tickets, pending, open, finished, closed, leads, waited, reopened, ratings, wait_seconds, support_seconds, bot_seconds) <> (0,0,0,0,0,0,0,0,0,0,0,0) order by day, user_id, queue_id`.execute(
      db,
    )
  ).rows,
});
const fact = async (id: number) => (await sql<any>`select * from read.dashboard_tickets where id = ${id}`.execute(db)).rows[0];

beforeAll(async () => {
  ({ db, close } = await readDatabase('dashboard', [dashboardProjector]));
  await sql`create table read.users (id int, company_id int, name text, online boolean, deleted boolean)`.execute(db);
  await sql`create table read.contacts (id int, company_id int, name text)`.execute(db);
  await sql`create table read.queues (id int, company_id int, name text, color text)`.execute(db);
});
afterAll(() => close?.());

describe('dashboard read model', () => {
  it('counts waits from creation and from a return to the queue, without the bot’s turn', async () => {
    await apply(history);
    expect(await fact(1)).toMatchObject({
      bot_seconds: 120,
      wait_seconds: 480 + 300,
      support_seconds: 600 + 900,
      answered_after_wait: true,
      rating: 4,
      status: 'closed',
      user_id: 6,
      lead: true,
    });
    // a transfer to a queue starts a wait
    expect(await fact(6)).toMatchObject({ wait_seconds: 180, answered_after_wait: true, queue_id: 7, user_id: 6, clock: 'support' });
    // the consent question is bot time
    expect(await fact(7)).toMatchObject({ bot_seconds: 240, wait_seconds: 360 });
  });

  it('counts support time across a reopening, and a reopened ticket once', async () => {
    expect(await fact(2)).toMatchObject({ support_seconds: 1800 + 86_400 + 600, reopened: 1, answered_after_wait: false, rating: 2 });
  });

  it('cuts days in the company’s zone and leaves out groups and deleted tickets', async () => {
    expect(await fact(3)).toMatchObject({ lead: false, status: 'pending', clock: 'wait' });
    const may1 = { from: '2026-05-01', to: '2026-05-01' };
    const counters = await dashboardCounters(db, 2, may1);
    // 1, 2 and 3 (created 23:30 local)
    expect(counters).toMatchObject({ tickets: 3, supportPending: 1, supportHappening: 0, supportFinished: 2, leads: 2, reopened: 1 });
    expect(counters.avgWaitTime).toBeCloseTo(780 / 60, 2);
    expect(counters.avgSupportTime).toBeCloseTo((1500 + 1800 + 86_400 + 600) / 2 / 60, 2);
    const may2 = await dashboardCounters(db, 2, { from: '2026-05-02', to: '2026-05-02' });
    expect(may2).toMatchObject({ tickets: 2, supportHappening: 2, leads: 2 });
    const closedPerDay = await perDay(db, 2, { from: '2026-05-01', to: '2026-05-02' }, 'closed');
    expect(closedPerDay.data.map((point) => point.total)).toEqual([1, 1]);
    expect(await npsInfo(db, 2, may1)).toMatchObject({ total_notas: 2, boa: 1, media: 0, ruim: 1, average: 3 });
  });

  it('lists the tickets behind each number', async () => {
    const period = { from: '2026-05-01', to: '2026-05-02' };
    const ids = async (figure: Parameters<typeof figureTickets>[2]['figure']) =>
      (await figureTickets(db, 2, { figure, period, page: 1, pageSize: 50 })).tickets.map((t) => t.id);
    expect(await ids('tickets')).toEqual([7, 6, 3, 2, 1]);
    expect(await ids('supportPending')).toEqual([3]);
    expect(await ids('leads')).toEqual([7, 6, 2, 1]);
    expect(await ids('waited')).toEqual([7, 6, 1]);
    expect(await ids('rated')).toEqual([2, 1]);
  });

  it('replays to the same rows, and rebuilds to the same rows in other batch sizes', async () => {
    const first = await rows();
    await apply(history);
    expect(await rows()).toEqual(first);
    await sql`truncate read.dashboard_tickets, read.dashboard_daily`.execute(db);
    for (const event of history) await apply([event]);
    expect(await rows()).toEqual(first);
  });
});
