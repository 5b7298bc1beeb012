import type { Position, RecordedEvent } from '@conversa/contracts';
import { dashboardTimeZone } from '@conversa/projections/dashboard/zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedHistory, recompute, type Recomputed } from './dashboard-history';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let a: { token: string; companyId: number; userIds: number[]; ticketIds: number[] };
let b: { token: string; companyId: number; userId: number; ticketIds: number[] };
let figures: Recomputed[];

const get = (token: string, url: string) => server.app.inject({ method: 'GET', url, headers: bearer(token) });
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];

async function appendHistory(companyId: number, ticketIds: number[], userIds: number[], seed: number): Promise<Position> {
  const planned = plannedHistory({
    seed,
    companyId,
    ticketIds,
    userIds,
    queueIds: [9001, 9002, 9003],
    contactIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => n + companyId * 1000),
    start: new Date('2026-03-01T00:00:00Z'),
  });
  let last: Position | null = null;
  for (const { stream, event } of planned) last = (await server.wiring.store.appendToStream(stream, [event])).position;
  return last!;
}

beforeAll(async () => {
  server = await startTestServer();
  const { ctx } = server.wiring;
  const ca = await signupCompany(server, 'Dash A', 61);
  const cb = await signupCompany(server, 'Dash B', 62);
  const usersA = [ca.userId, (await createUser(server, ca.companyId, 'Ana')).userId, (await createUser(server, ca.companyId, 'Bruno')).userId];
  const userB = (await createUser(server, cb.companyId, 'Carla')).userId;
  a = { token: (await server.login(ca.email, ca.password)).token, companyId: ca.companyId, userIds: usersA, ticketIds: [] };
  b = { token: (await server.login(cb.email, cb.password)).token, companyId: cb.companyId, userId: userB, ticketIds: [] };
  for (let i = 0; i < 90; i++) a.ticketIds.push(await ctx.ids.next('ticket'));
  for (let i = 0; i < 15; i++) b.ticketIds.push(await ctx.ids.next('ticket'));
  await appendHistory(a.companyId, a.ticketIds, a.userIds, 19);
  const last = await appendHistory(b.companyId, b.ticketIds, [b.userId], 23);
  await server.wiring.runtime.waitForPosition(last, { projectors: ['dashboard'] });
  // Straight from the log: every event of A's tickets and bot journals, in log order.
  const log: RecordedEvent[] = (await server.wiring.store.readAll({ filter: { streamPrefixes: ['ticket-', 'ticketbot-'] } })).filter(
    (event) => event.metadata.companyId === a.companyId,
  );
  figures = [...recompute(log, dashboardTimeZone()).values()];
}, 120_000);
afterAll(() => server?.close());

const inRange = (day: string | null, from: string, to: string) => day !== null && day >= from && day <= to;
const minutes = (seconds: number, count: number) => (count > 0 ? Math.round((seconds / count / 60) * 100) / 100 : 0);

function expected(from: string, to: string) {
  const counted = figures.filter((t) => t.counted);
  const period = counted.filter((t) => inRange(t.createdDay, from, to));
  const finished = period.filter((t) => t.status === 'closed' || t.status === 'nps');
  const waited = period.filter((t) => t.waited);
  const rated = period.filter((t) => t.rating !== null);
  return {
    period,
    counted,
    counters: {
      tickets: period.length,
      supportPending: period.filter((t) => t.status === 'pending' || t.status === 'lgpd').length,
      supportHappening: period.filter((t) => t.status === 'open').length,
      supportFinished: finished.length,
      leads: period.filter((t) => t.lead).length,
      reopened: period.reduce((sum, t) => sum + t.reopened, 0),
      avgWaitTime: minutes(
        waited.reduce((sum, t) => sum + t.wait, 0),
        waited.length,
      ),
      avgSupportTime: minutes(
        finished.reduce((sum, t) => sum + t.support, 0),
        finished.length,
      ),
      avgBotTime: minutes(
        period.reduce((sum, t) => sum + t.bot, 0),
        period.length,
      ),
    },
    nps: {
      total_notas: rated.length,
      boa: rated.filter((t) => t.rating! >= 4).length,
      media: rated.filter((t) => t.rating === 3).length,
      ruim: rated.filter((t) => t.rating! <= 2).length,
    },
    ids: {
      tickets: period,
      supportPending: period.filter((t) => t.status === 'pending' || t.status === 'lgpd'),
      supportHappening: period.filter((t) => t.status === 'open'),
      supportFinished: finished,
      leads: period.filter((t) => t.lead),
      waited,
      rated,
      closed: counted.filter((t) => (t.status === 'closed' || t.status === 'nps') && inRange(t.closedDay, from, to)),
    },
  };
}

describe('dashboard figures, recomputed from the log by brute force', () => {
  const ranges: Array<[string, string]> = [[DAYS[0]!, DAYS[5]!], ...DAYS.map((day): [string, string] => [day, day]), [DAYS[1]!, DAYS[3]!]];

  it.each(ranges)('cards, attendants, ratings and charts agree for %s … %s', async (from, to) => {
    const want = expected(from, to);
    const dashboard = await get(a.token, `/dashboard?date_from=${from}&date_to=${to}`);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().counters).toEqual(want.counters);
    for (const attendant of dashboard.json().attendants) {
      const mine = want.period.filter((t) => t.userId === attendant.id);
      const finished = mine.filter((t) => t.status === 'closed' || t.status === 'nps');
      const rated = mine.filter((t) => t.rating !== null);
      const waited = mine.filter((t) => t.waited);
      expect(attendant).toMatchObject({
        tickets: mine.length,
        finished: finished.length,
        countRating: rated.length,
        rating: rated.length ? Math.round((rated.reduce((s, t) => s + t.rating!, 0) / rated.length) * 100) / 100 : null,
        avgWaitTime: minutes(
          waited.reduce((s, t) => s + t.wait, 0),
          waited.length,
        ),
        avgSupportTime: minutes(
          finished.reduce((s, t) => s + t.support, 0),
          finished.length,
        ),
        live: want.counted.filter((t) => t.status === 'open' && t.userId === attendant.id).length,
      });
    }
    expect(
      dashboard
        .json()
        .attendants.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([...a.userIds].sort());

    expect((await get(a.token, `/dashboard/nps-info?initialDate=${from}&finalDate=${to}`)).json()).toMatchObject(want.nps);
    const perDay = (await get(a.token, `/dashboard/total-atendimentos?initialDate=${from}&finalDate=${to}`)).json();
    expect(perDay.count).toBe(want.period.length);
    for (const point of perDay.data) expect(point.total).toBe(want.period.filter((t) => t.createdDay === point.key).length);
    const closed = (await get(a.token, `/dashboard/atendimentos-encerrados?initialDate=${from}&finalDate=${to}`)).json();
    expect(closed.count).toBe(want.ids.closed.length);
    const queues = (await get(a.token, `/dashboard/queues?initialDate=${from}&finalDate=${to}`)).json();
    for (const point of queues.data) expect(point.total).toBe(want.period.filter((t) => t.queueId === point.id).length);
    expect(queues.count).toBe(want.period.length);
    const users = (await get(a.token, `/dashboard/ticketsUsers?initialDate=${from}&finalDate=${to}`)).json();
    for (const point of users.data) expect(point.total).toBe(want.period.filter((t) => t.userId === point.id).length);
  });

  it.each(['tickets', 'supportPending', 'supportHappening', 'supportFinished', 'leads', 'waited', 'rated', 'closed'] as const)(
    'the %s card opens on exactly its tickets',
    async (figure) => {
      const want = expected(DAYS[0]!, DAYS[5]!)
        .ids[figure].map((t) => t.ticketId)
        .sort((x, y) => y - x);
      const listed = await get(a.token, `/dashboard/tickets?figure=${figure}&date_from=${DAYS[0]}&date_to=${DAYS[5]}&pageSize=50`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().count).toBe(want.length);
      expect(listed.json().tickets.map((t: { id: number }) => t.id)).toEqual(want.slice(0, 50));
    },
  );

  it('history has the cases the definitions care about', () => {
    expect(figures.some((t) => t.reopened > 0)).toBe(true);
    expect(figures.some((t) => t.bot > 0)).toBe(true);
    expect(figures.some((t) => t.rating !== null)).toBe(true);
    expect(figures.some((t) => !t.counted)).toBe(true);
    expect(figures.some((t) => t.waited && t.wait > 0)).toBe(true);
  });
});

describe('dashboard access and input', () => {
  it.each([
    ['/dashboard', 'ERR_DASHBOARD_PERIOD_REQUIRED'],
    ['/dashboard?date_from=2026-02-30&date_to=2026-03-01', 'ERR_VALIDATION'],
    ['/dashboard?days=8', 'ERR_VALIDATION'],
    ['/dashboard?date_from=2025-01-01&date_to=2026-03-01', 'ERR_DASHBOARD_RANGE_TOO_LONG'],
    ['/dashboard?date_from=2026-03-05&date_to=2026-03-01', 'ERR_DASHBOARD_RANGE_INVALID'],
    ['/dashboard/total-atendimentos?initialDate=x', 'ERR_VALIDATION'],
    ['/dashboard/tickets?figure=everything&days=7', 'ERR_VALIDATION'],
    ['/dashboard/tickets?figure=tickets&days=7&pageSize=1000', 'ERR_VALIDATION'],
  ])('%s → 400 %s', async (url, code) => {
    const response = await get(a.token, url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe(code);
  });

  it('a day count answers the last N days, today included', async () => {
    const response = await get(a.token, '/dashboard/total-atendimentos?days=7');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toHaveLength(7);
  });

  it('admin, or a plain user with showDashboard; moments for admin or allowRealTime', async () => {
    const plain = await createUser(server, a.companyId, 'Plain');
    const shown = await createUser(server, a.companyId, 'Shown', { showDashboard: true });
    const live = await createUser(server, a.companyId, 'Live', { allowRealTime: true });
    for (const url of ['/dashboard?days=7', '/dashboard/nps-info?days=7', '/ticket/reports']) {
      expect((await get(plain.token, url)).statusCode).toBe(403);
      expect((await get(shown.token, url)).statusCode).toBe(200);
    }
    expect((await get(plain.token, '/dashboard/moments')).statusCode).toBe(403);
    expect((await get(shown.token, '/dashboard/moments')).statusCode).toBe(403);
    expect((await get(live.token, '/dashboard/moments')).statusCode).toBe(200);
  });

  it('another company sees none of A’s tickets, and A’s figures hold none of B’s', async () => {
    const all = `date_from=${DAYS[0]}&date_to=${DAYS[5]}`;
    const listed = (await get(b.token, `/dashboard/tickets?figure=tickets&${all}&pageSize=50`)).json();
    expect(listed.tickets.every((t: { id: number }) => b.ticketIds.includes(t.id))).toBe(true);
    expect((await get(b.token, `/dashboard/tickets?figure=tickets&${all}&userId=${a.userIds[1]}`)).json().count).toBe(0);
    expect((await get(a.token, `/dashboard/tickets?figure=tickets&${all}&userId=${b.userId}`)).json().count).toBe(0);
    const attendants = (await get(b.token, `/dashboard?${all}`)).json().attendants;
    expect(attendants.every((row: { id: number }) => !a.userIds.includes(row.id))).toBe(true);
    const report = (await get(b.token, `/ticket/reports?users=[${a.userIds.join(',')}]&pageSize=50`)).json();
    expect(report.totalTickets.total).toBe(0);
  });
});
