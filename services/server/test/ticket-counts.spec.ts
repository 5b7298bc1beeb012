import { randomUUID } from 'node:crypto';
import type { EventToAppend, Position, RecordedEvent } from '@conversa/contracts';
import { connectionsProjector } from '@conversa/projections/connections/projector';
import { contactsProjector } from '@conversa/projections/contacts/projector';
import { queuesProjector } from '@conversa/projections/queues/projector';
import { tagsProjector } from '@conversa/projections/tags/projector';
import { ticketsProjector } from '@conversa/projections/tickets/projector';
import { usersProjector } from '@conversa/projections/users/projector';
import { project, readDatabase } from '@conversa/projections/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedHistory } from './dashboard-history';
import { createUser, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * read.ticket_counts (the tickets list's counts and tab badges) against a brute-force count of the
 * event log: a seeded, varied history per company (bot turns, transfers, returns to the queue,
 * reopenings, ratings, deletions, groups, several connections) is appended through the real store,
 * the real runtime projects it, and every (company, status, queue, user, connection, group) count
 * must equal the one recomputed here from the events alone.
 */
let server: TestServer;
let companies: number[];

interface Key {
  companyId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  isGroup: boolean;
}
const keyOf = (k: Key) => JSON.stringify([k.companyId, k.status, k.queueId, k.userId, k.whatsappId, k.isGroup]);

/** Independently of the projector: each ticket's state after its events, in log order. */
function countsFromLog(log: RecordedEvent[]): Map<string, number> {
  const tickets = new Map<number, Key & { deleted: boolean }>();
  for (const event of log) {
    const data = event.data as any;
    if (event.type === 'TicketCreated') {
      if (!tickets.has(data.ticketId))
        tickets.set(data.ticketId, {
          companyId: event.metadata.companyId,
          status: data.status,
          queueId: data.queueId,
          userId: data.userId,
          whatsappId: data.whatsappId,
          isGroup: data.isGroup,
          deleted: false,
        });
      continue;
    }
    const t = tickets.get(data.ticketId);
    if (!t || t.deleted) continue;
    switch (event.type) {
      case 'TicketAccepted':
      case 'TicketReopened':
        Object.assign(t, { status: data.status, userId: data.userId, queueId: data.queueId });
        break;
      case 'TicketClosed':
        t.status = 'closed';
        if (data.userId !== null) t.userId = data.userId;
        break;
      case 'TicketReturnedToQueue':
        Object.assign(t, { status: 'pending', userId: null, queueId: data.queueId });
        break;
      case 'TicketTransferred':
        Object.assign(t, { status: data.status, userId: data.to.userId, queueId: data.to.queueId });
        break;
      case 'TicketDeleted':
        t.deleted = true;
        break;
      case 'TicketQueueAssigned':
        t.queueId = data.queueId;
        break;
      case 'TicketLgpdConsentRequested':
        t.status = 'lgpd';
        break;
      case 'TicketLgpdConsentAnswered':
        if (data.accepted) t.status = 'pending';
        break;
      case 'TicketRatingRequested':
        t.status = 'nps';
        break;
      case 'TicketRated':
      case 'TicketRatingExpired':
        t.status = 'closed';
        break;
    }
  }
  const counts = new Map<string, number>();
  for (const t of tickets.values()) if (!t.deleted) counts.set(keyOf(t), (counts.get(keyOf(t)) ?? 0) + 1);
  return counts;
}

async function tableCounts(db: Kysely<any> = server.wiring.db): Promise<Map<string, number>> {
  const rows: any[] = await db.selectFrom('read.ticket_counts').selectAll().where('company_id', 'in', companies).where('tickets', '<>', 0).execute();
  return new Map(
    rows.map((r: any) => [
      keyOf({ companyId: r.company_id, status: r.status, queueId: r.queue_id, userId: r.user_id, whatsappId: r.whatsapp_id, isGroup: r.is_group }),
      r.tickets,
    ]),
  );
}

/**
 * What the generator does not write and the product can: a second TicketCreated for a ticket (a
 * retried command), moves after a deletion, group conversations accepted, closed and reopened as
 * groups, a waiting ticket transferred straight to a person, a rating expired from nps and reopened.
 */
function edgeCases(companyId: number, ticketIds: number[], userIds: number[]): Array<{ stream: string; event: EventToAppend }> {
  let minute = 0;
  const out: Array<{ stream: string; event: EventToAppend }> = [];
  const ticket = (ticketId: number, type: string, data: Record<string, unknown> = {}) =>
    out.push({
      stream: `ticket-${ticketId}`,
      event: {
        id: randomUUID(),
        type,
        data: { ticketId, ...data },
        metadata: {
          companyId,
          actor: { kind: 'system', id: 'counts-test' },
          correlationId: 'counts',
          causationId: 'counts',
          occurredAt: new Date(Date.UTC(2026, 2, 7, 10, minute++)).toISOString(),
          schemaVersion: 1,
        },
      },
    });
  const created = (ticketId: number, extra: Record<string, unknown> = {}) =>
    ticket(ticketId, 'TicketCreated', {
      uuid: randomUUID(),
      contactId: companyId * 1000 + 50 + (ticketId % 7),
      whatsappId: 501,
      queueId: 9001,
      userId: null,
      status: 'pending',
      isGroup: false,
      channel: 'sandbox',
      ...extra,
    });
  const [a, b, c, d, e] = ticketIds as [number, number, number, number, number];
  const [u1, u2] = userIds as [number, number];
  created(a);
  created(a, { status: 'open', userId: u1, queueId: 9002 });
  ticket(a, 'TicketAccepted', { userId: u2, queueId: 9001, status: 'open' });
  ticket(a, 'TicketDeleted');
  ticket(a, 'TicketReopened', { userId: u1, queueId: 9003, status: 'open' });
  ticket(a, 'TicketDeleted');
  created(b, { status: 'group', isGroup: true, queueId: null });
  ticket(b, 'TicketAccepted', { userId: u1, queueId: null, status: 'group' });
  ticket(b, 'TicketClosed', { userId: null, farewell: false, reason: 'resolved' });
  ticket(b, 'TicketReopened', { userId: u2, queueId: 9002, status: 'group' });
  created(c);
  ticket(c, 'TicketTransferred', { from: { userId: null, queueId: 9001 }, to: { userId: u2, queueId: 9003 }, status: 'open' });
  ticket(c, 'TicketClosed', { userId: u1, farewell: true, reason: 'resolved' });
  ticket(c, 'TicketRatingRequested');
  ticket(c, 'TicketRatingExpired');
  ticket(c, 'TicketReopened', { userId: u1, queueId: null, status: 'open' });
  created(d, { whatsappId: null, status: 'open', userId: u1 });
  ticket(d, 'TicketReturnedToQueue', { fromUserId: u1, queueId: null });
  ticket(d, 'TicketQueueAssigned', { queueId: 9002, reason: 'timeSendQueue' });
  ticket(d, 'TicketLgpdConsentRequested');
  ticket(d, 'TicketLgpdConsentAnswered', { accepted: false });
  ticket(d, 'TicketClosed', { userId: null, farewell: false, reason: 'automation' });
  created(e, { whatsappId: 502 });
  ticket(e, 'TicketClosed', { userId: null, farewell: false, reason: 'closeAll' });
  ticket(e, 'TicketDeleted');
  return out;
}

const sorted = (map: Map<string, number>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

beforeAll(async () => {
  server = await startTestServer();
  const { ctx } = server.wiring;
  companies = [];
  let last: Position | null = null;
  for (const [index, seed] of [31, 37, 41].entries()) {
    const company = await signupCompany(server, `Counts ${index}`, 71 + index);
    companies.push(company.companyId);
    const userIds = [
      company.userId,
      (await createUser(server, company.companyId, `Ana ${index}`)).userId,
      (await createUser(server, company.companyId, `Bia ${index}`)).userId,
    ];
    const ticketIds: number[] = [];
    for (let i = 0; i < 75; i++) ticketIds.push(await ctx.ids.next('ticket'));
    const edges = ticketIds.splice(70);
    const planned = plannedHistory({
      seed,
      companyId: company.companyId,
      ticketIds,
      userIds,
      queueIds: [9001, 9002, 9003],
      contactIds: [1, 2, 3, 4, 5, 6].map((n) => n + company.companyId * 1000),
      start: new Date('2026-03-01T00:00:00Z'),
      whatsappIds: [null, 501, 502],
    });
    // The edge cases interleaved with the generated history.
    const all = [...planned];
    for (const [n, edge] of edgeCases(company.companyId, edges, userIds).entries()) all.splice(Math.min(all.length, n * 11), 0, edge);
    for (const { stream, event } of all) last = (await server.wiring.store.appendToStream(stream, [event])).position;
  }
  await server.wiring.runtime.waitForPosition(last!, { projectors: ['tickets'] });
}, 180_000);
afterAll(() => server?.close());

describe('read.ticket_counts, recomputed from the log by brute force', () => {
  it('every count per company, status, queue, user, connection and group flag equals the log’s', async () => {
    const log = (await server.wiring.store.readAll({ filter: { streamPrefixes: ['ticket-'] } })).filter((event) =>
      companies.includes(event.metadata.companyId),
    );
    const want = countsFromLog(log);
    expect(sorted(await tableCounts())).toEqual(sorted(want));
  });

  it('equals a count of the tickets table itself', async () => {
    const rows = await sql<{
      company_id: number;
      status: string;
      queue_id: number | null;
      user_id: number | null;
      whatsapp_id: number | null;
      is_group: boolean;
      n: number;
    }>`
      select company_id, status, queue_id, user_id, whatsapp_id, is_group, count(*)::int as n from read.tickets
      where not deleted and company_id in (${sql.join(companies)}) group by 1, 2, 3, 4, 5, 6`.execute(server.wiring.db);
    const fromTickets = new Map(
      rows.rows.map((r) => [
        keyOf({ companyId: r.company_id, status: r.status, queueId: r.queue_id, userId: r.user_id, whatsappId: r.whatsapp_id, isGroup: r.is_group }),
        r.n,
      ]),
    );
    expect(sorted(await tableCounts())).toEqual(sorted(fromTickets));
  });

  it('the attendants’ live column (open, not group, per user) agrees with the log', async () => {
    const log = (await server.wiring.store.readAll({ filter: { streamPrefixes: ['ticket-'] } })).filter((event) => event.metadata.companyId === companies[0]);
    const want = new Map<number, number>();
    for (const [key, n] of countsFromLog(log)) {
      const [, status, , userId, , isGroup] = JSON.parse(key);
      if (status === 'open' && !isGroup && userId !== null) want.set(userId, (want.get(userId) ?? 0) + n);
    }
    const rows = await server.wiring.db
      .selectFrom('read.ticket_counts')
      .select(['user_id', sql<number>`sum(tickets)::int`.as('n')])
      .where('company_id', '=', companies[0]!)
      .where('status', '=', 'open')
      .where('is_group', '=', false)
      .groupBy('user_id')
      .having(sql`sum(tickets)`, '<>', 0)
      .execute();
    expect(new Map(rows.map((r) => [r.user_id!, r.n]))).toEqual(want);
  });

  it.each([1, 7, 5000])('replayed into a fresh read database in batches of %i, the counts are the log’s', async (size) => {
    const log = await server.wiring.store.readAll({ filter: { streamPrefixes: ['ticket-', 'ticketbot-'], eventTypes: ticketsProjector.eventTypes } });
    // The tables the ticket frames join (empty here: only the counts are compared).
    const fresh = await readDatabase(`counts${size}`, [
      usersProjector,
      contactsProjector,
      tagsProjector,
      queuesProjector,
      connectionsProjector,
      ticketsProjector,
    ]);
    try {
      for (let at = 0; at < log.length; at += size) await project(fresh.db, ticketsProjector, log.slice(at, at + size));
      const mine = (counts: Map<string, number>) => new Map([...counts].filter(([key]) => companies.includes(JSON.parse(key)[0])));
      expect(sorted(mine(await tableCounts(fresh.db)))).toEqual(sorted(countsFromLog(log.filter((e) => companies.includes(e.metadata.companyId)))));
    } finally {
      await fresh.close();
    }
  });

  it('history has the cases the counts care about', () => {
    // Guards the generator: a history without these would make the comparison above trivial.
    return server.wiring.store.readAll({ filter: { streamPrefixes: ['ticket-'] } }).then((log) => {
      const types = new Set(log.filter((e) => companies.includes(e.metadata.companyId)).map((e) => e.type));
      for (const type of [
        'TicketTransferred',
        'TicketReturnedToQueue',
        'TicketReopened',
        'TicketDeleted',
        'TicketRated',
        'TicketLgpdConsentAnswered',
        'TicketQueueAssigned',
      ])
        expect(types).toContain(type);
    });
  });
});
