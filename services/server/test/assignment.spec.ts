import { RecordingChannelGateway } from '@conversa/channels';
import type { RecordedEvent } from '@conversa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Capacity-aware assignment under load, end to end on the real product: 50 contacts write to a
 * queue with assignment on while nobody is online, four attendants of capacity 5 come online, and
 * they close tickets in bursts while one of them goes offline mid-run. Everything is checked on the
 * event log: nobody above capacity at any point, the line served in arrival order, every ticket
 * assigned exactly once, nothing assigned to the attendant after she went offline.
 */
let server: TestServer;
let gateway: RecordingChannelGateway;
let admin: { token: string; companyId: number };

beforeAll(async () => {
  gateway = new RecordingChannelGateway();
  server = await startTestServer({ channels: gateway });
  const company = await signupCompany(server, 'Capacidade', 977);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
});
afterAll(() => server?.close());

const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

const companyLog = async (): Promise<RecordedEvent[]> =>
  (await server.wiring.store.readAll({ maxCount: 1_000_000 })).filter((event) => event.metadata.companyId === admin.companyId);

type Transferred = { ticketId: number; to: { userId: number | null }; assignment?: { openTickets: number; capacity: number | null } };

describe('capacity-aware assignment', () => {
  it('serves 50 tickets with 4 attendants of capacity 5, one going offline mid-run: never above capacity, in arrival order, each once', async () => {
    await call(admin.token, 'PUT', '/companySettings', { column: 'sendQueuePosition', data: 'enabled' });
    const queue = await call(admin.token, 'POST', '/queue', { name: 'Suporte', color: '#1a2b3c', greetingMessage: 'Fila Suporte.' });
    const attendants = [];
    for (const name of ['Ana', 'Bia', 'Caio', 'Duda'])
      attendants.push({ name, ...(await createUser(server, admin.companyId, name, { queueIds: [queue.id] })) });
    const work = await call(admin.token, 'PUT', `/queues/${queue.id}/work`, {
      autoAssign: true,
      positionStep: 5,
      priorityTagIds: [],
      capacities: attendants.map((attendant) => ({ userId: attendant.userId, capacity: 5 })),
      firstResponseMinutes: null,
      resolutionMinutes: null,
    });
    expect(work).toMatchObject({ queueId: queue.id, autoAssign: true });
    const connection = await call(admin.token, 'POST', '/whatsapp', {
      name: 'Sandbox Capacidade',
      channel: 'sandbox',
      greetingMessage: 'Olá!',
      queueIds: [queue.id],
    });

    // 50 contacts write at once while nobody is online: a line of 50 forms.
    const tickets: number[] = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const response = await server.app.inject({
          method: 'POST',
          url: `/sandbox/${connection.id}/messages`,
          headers: bearer(connection.token),
          payload: { from: String(5511970000000 + index), name: `Cliente ${index}`, body: 'oi' },
        });
        expect(response.statusCode, response.body).toBe(202);
        return (response.json() as { ticketId: number }).ticketId;
      }),
    );
    await settle(server);
    expect(new Set(tickets).size).toBe(50);

    // They come online: 20 tickets go out at once, 5 each.
    await Promise.all(attendants.map((attendant) => call(attendant.token, 'PUT', '/users/me/status', { status: 'online' })));
    await settle(server);
    const openOf = async (token: string) => (await call(token, 'GET', '/tickets?status=open&showAll=false')).tickets as Array<{ id: number; userId: number }>;
    for (const attendant of attendants) expect((await openOf(attendant.token)).filter((row) => row.userId === attendant.userId)).toHaveLength(5);
    // sendQueuePosition: the first one still waiting was told her place when the line formed, and again now that she is first.
    const arrivalOrder = (await companyLog())
      .filter((event) => event.type === 'TicketQueueAssigned')
      .map((event) => ({ ticketId: (event.data as { ticketId: number }).ticketId, at: Date.parse(event.metadata.occurredAt) }))
      .sort((a, b) => a.at - b.at || a.ticketId - b.ticketId);
    const firstWaiting = arrivalOrder[20]!.ticketId;
    const told = (await companyLog()).filter(
      (event) => event.type === 'TicketLinePositionTold' && (event.data as { ticketId: number }).ticketId === firstWaiting,
    );
    // Told again after a move of more than positionStep (5) places, and always on becoming first: how many steps between
    // 21 and 1 depends on how the four status changes fell into the assigner's passes (all in one: 21, 1; three then
    // one: 21, 6, 1; one by one: 21, 11, 1).
    const positions = told.map((event) => (event.data as { position: number }).position);
    expect(positions[0]).toBe(21);
    expect(positions.at(-1)).toBe(1);
    for (let index = 1; index < positions.length; index++) if (positions[index] !== 1) expect(positions[index - 1]! - positions[index]!).toBeGreaterThan(5);
    await expect
      .poll(
        () =>
          gateway.sent
            .filter((message) => message.contact.number === String(5511970000000 + tickets.indexOf(firstWaiting)))
            .map((message) => message.body)
            .at(-1),
        { timeout: 15_000 },
      )
      .toMatch(/Você está na posição \*1\* da fila de atendimento\. Tempo estimado de espera: cerca de \*\d+ min\*/);
    // The line tells the place; the bot's own count (no estimate) would be a second, different figure.
    expect(gateway.sent.filter((message) => /da fila de atendimento\. Aguarde, por favor\./.test(message.body))).toEqual([]);

    // Closing frees capacity, which pulls the next ticket at once; Duda goes offline mid-run and closes hers.
    const duda = attendants[3]!;
    let rounds = 0;
    for (;;) {
      const open = await Promise.all(
        attendants.map(async (attendant) => ({ attendant, mine: (await openOf(attendant.token)).filter((row) => row.userId === attendant.userId) })),
      );
      const busy = open.filter((entry) => entry.mine.length > 0);
      if (busy.length === 0) break;
      if (rounds === 3) await call(duda.token, 'PUT', '/users/me/status', { status: 'offline' });
      // A burst: each busy attendant closes one or two tickets at the same time.
      await Promise.all(
        busy.flatMap((entry) =>
          entry.mine.slice(0, 1 + (rounds % 2)).map((row) => call(entry.attendant.token, 'PUT', `/tickets/${row.id}`, { status: 'closed' })),
        ),
      );
      await settle(server);
      rounds++;
      expect(rounds).toBeLessThan(60);
    }

    const log = await companyLog();
    const arrivals = log
      .filter((event) => event.type === 'TicketQueueAssigned')
      .map((event) => ({ ticketId: (event.data as { ticketId: number }).ticketId, at: Date.parse(event.metadata.occurredAt) }))
      .sort((a, b) => a.at - b.at || a.ticketId - b.ticketId);
    expect(arrivals.map((arrival) => arrival.ticketId).sort((a, b) => a - b)).toEqual([...tickets].sort((a, b) => a - b));
    const assignments = log.filter((event) => event.type === 'TicketTransferred' && (event.data as Transferred).assignment !== undefined);

    // Each ticket assigned exactly once, and the line served in arrival order.
    expect(assignments).toHaveLength(50);
    expect(assignments.map((event) => (event.data as Transferred).ticketId)).toEqual(arrivals.map((arrival) => arrival.ticketId));

    // Nobody above capacity at any point of the log.
    const holder = new Map<number, number>();
    const load = new Map<number, number>();
    let peak = 0;
    for (const event of log) {
      if (event.type === 'TicketTransferred') {
        const data = event.data as Transferred;
        if (data.to.userId !== null) {
          holder.set(data.ticketId, data.to.userId);
          load.set(data.to.userId, (load.get(data.to.userId) ?? 0) + 1);
          peak = Math.max(peak, load.get(data.to.userId)!);
          // The reason's load is what the pass saw: a close logged during the pass may make it one more than the log's, never less.
          if (data.assignment) {
            expect(data.assignment.capacity).toBe(5);
            expect(data.assignment.openTickets).toBeGreaterThanOrEqual(load.get(data.to.userId)!);
            expect(data.assignment.openTickets).toBeLessThanOrEqual(5);
          }
        }
      }
      if (event.type === 'TicketClosed') {
        const userId = holder.get((event.data as { ticketId: number }).ticketId);
        if (userId !== undefined) load.set(userId, load.get(userId)! - 1);
      }
    }
    expect(peak).toBe(5);

    // Nothing went to Duda once she was offline.
    const offlineAt = log.findIndex(
      (event) =>
        event.type === 'UserStatusChanged' &&
        (event.data as { userId: number; status: string }).userId === duda.userId &&
        (event.data as { status: string }).status === 'offline',
    );
    expect(offlineAt).toBeGreaterThan(0);
    expect(log.slice(offlineAt).filter((event) => event.type === 'TicketTransferred' && (event.data as Transferred).to.userId === duda.userId)).toHaveLength(0);
  }, 240_000);
});
