import { RecordingChannelGateway } from '@conversa/channels';
import { queueOutboundMessage, userActor } from '@conversa/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * SLA clocks end to end on the real product, its clock moved by hand: the first-response clock stops
 * at the attendant's first message; with slaPauseOnCustomer the resolution clock stands still until
 * the contact writes again and its due moment moves on by the paused minutes; a clock running past
 * its due moment is recorded once as breached (the webhook ticket.sla_breached); the dashboard counts.
 */
let server: TestServer;
let admin: { token: string; companyId: number };

beforeAll(async () => {
  server = await startTestServer({ channels: new RecordingChannelGateway() });
  const company = await signupCompany(server, 'Relogios SLA', 983);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
});
afterAll(() => server?.close());
const realNow = () => new Date();
afterEach(() => {
  server.wiring.ctx.now = realNow;
});

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

describe('SLA clocks', () => {
  it('stops at the first answer, pauses while waiting on the customer, breaches once, and counts on the dashboard', async () => {
    const t0 = Date.now();
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const setNow = (minutes: number) => {
      server.wiring.ctx.now = () => at(minutes);
    };
    await call('PUT', '/companySettings', { column: 'slaPauseOnCustomer', data: 'enabled' });
    const queue = await call('POST', '/queue', { name: 'Suporte', color: '#3c4d5e', greetingMessage: 'Fila Suporte.' });
    const ana = await createUser(server, admin.companyId, 'Ana', { queueIds: [queue.id] });
    await call('PUT', `/queues/${queue.id}/work`, {
      autoAssign: false,
      positionStep: 3,
      priorityTagIds: [],
      capacities: [],
      firstResponseMinutes: 10,
      resolutionMinutes: 60,
    });
    const line = await call('POST', '/whatsapp', { name: 'Sandbox SLA', channel: 'sandbox', greetingMessage: 'Olá!', queueIds: [queue.id] });
    const write = async (from: string, body: string): Promise<number> => {
      const response = await server.app.inject({
        method: 'POST',
        url: `/sandbox/${line.id}/messages`,
        headers: bearer(line.token),
        payload: { from, name: `Cliente ${from}`, body },
      });
      expect(response.statusCode, response.body).toBe(202);
      await settle(server);
      return response.json().ticketId;
    };
    const clocks = async (ids: number[]) => (await call('GET', `/tickets/sla?ids=${ids.join(',')}`)).clocks;

    setNow(0);
    const answered = await write('5511961110001', 'oi');
    const ignored = await write('5511961110002', 'alô');
    expect(await clocks([answered])).toEqual([
      { ticketId: answered, clock: 'firstResponse', targetMinutes: 10, warnAt: at(8).toISOString(), dueAt: at(10).toISOString(), pausedSince: null },
    ]);

    // Ana takes it at minute 5 and answers: the first response is met; waiting on the customer, the resolution clock stands still.
    setNow(5);
    await call('PUT', `/tickets/${answered}`, { status: 'open', userId: ana.userId });
    const ticket = await call('GET', `/tickets/${answered}`);
    await queueOutboundMessage(server.wiring.ctx, {
      companyId: admin.companyId,
      actor: userActor(ana.userId),
      ticket: { id: answered, contactId: ticket.contactId, whatsappId: ticket.whatsappId, queueId: queue.id },
      userId: ana.userId,
      body: 'Olá, como posso ajudar?',
    });
    await settle(server);
    expect(await clocks([answered])).toEqual([
      {
        ticketId: answered,
        clock: 'resolution',
        targetMinutes: 60,
        warnAt: at(48).toISOString(),
        dueAt: at(60).toISOString(),
        pausedSince: at(5).toISOString(),
      },
    ]);

    // The contact answers 20 minutes later: the clock runs again, 20 minutes later due.
    setNow(25);
    expect(await write('5511961110001', 'preciso de ajuda')).toBe(answered);
    expect(await clocks([answered])).toEqual([
      { ticketId: answered, clock: 'resolution', targetMinutes: 60, warnAt: at(68).toISOString(), dueAt: at(80).toISOString(), pausedSince: null },
    ]);

    // At minute 11 the unanswered ticket's first response is breached, once however often the timers run.
    const first = await server.wiring.routing.timers.tick(at(11));
    expect(first.slaBreached).toEqual([ignored]);
    await settle(server);
    expect((await server.wiring.routing.timers.tick(at(12))).slaBreached).toEqual([]);
    const breaches = (await server.wiring.store.readAll({ filter: { eventTypes: ['TicketSlaBreached'] }, maxCount: 1000 })).filter(
      (event) => event.metadata.companyId === admin.companyId,
    );
    expect(breaches.map((event) => event.data)).toEqual([
      { ticketId: ignored, queueId: queue.id, userId: null, clock: 'firstResponse', dueAt: at(10).toISOString() },
    ]);

    // Resolved at minute 30, in time: no clock runs; the dashboard counts what stopped.
    setNow(30);
    await call('PUT', `/tickets/${answered}`, { status: 'closed' });
    await settle(server);
    expect(await clocks([answered, ignored])).toEqual([expect.objectContaining({ ticketId: ignored, clock: 'firstResponse' })]);
    const figures = await call('GET', '/dashboard/sla?days=7');
    expect(figures.queues).toEqual([{ id: queue.id, name: 'Suporte', firstResponse: { met: 1, breached: 1 }, resolution: { met: 1, breached: 0 } }]);
    expect(figures.users).toEqual([{ id: ana.userId, name: 'Ana', firstResponse: { met: 1, breached: 0 }, resolution: { met: 1, breached: 0 } }]);
  }, 120_000);
});
