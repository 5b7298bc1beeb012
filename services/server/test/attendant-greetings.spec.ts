import { messageStream, ticketStream, type RecordedEvent } from '@conversa/contracts';
import { attendantMessageId, changeTicket, openTicket, postAttendantMessage, systemActor } from '@conversa/core';
import { createProjectionRuntime } from '@conversa/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAttendantGreetingsReactor } from '@conversa/automation';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let phone = 5511930000000;

beforeAll(async () => {
  server = await startTestServer();
  const signup = await signupCompany(server, 'Greetings Co', 61);
  const { token } = await server.login(signup.email, signup.password);
  admin = { token, userId: signup.userId, companyId: signup.companyId };
});
afterAll(() => server?.close());

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await server.app.inject({ method, url, headers: bearer(admin.token), payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

const setting = (key: string, value: string) => call('PUT', `/settings/${key}`, { value });

async function pendingTicket(name: string, isGroup = false): Promise<number> {
  phone += 1;
  const contact = await call('POST', '/contacts', { name, number: String(phone) });
  const opened = await openTicket(server.wiring.ctx, {
    companyId: admin.companyId,
    actor: systemActor,
    contactId: contact.id,
    whatsappId: null,
    channel: 'whatsapp',
    isGroup,
    queueId: null,
    reuseOpen: true,
  });
  await server.wiring.ctx.waitForProjections(opened.position);
  return opened.ticketId;
}

async function ticketEvent(ticketId: number, type: string): Promise<RecordedEvent> {
  const event = (await server.wiring.store.readStream(ticketStream(ticketId))).find((candidate) => candidate.type === type);
  if (!event) throw new Error(`ticket ${ticketId} has no ${type}`);
  return event;
}

async function queuedBodies(ticketId: number): Promise<string[]> {
  const queued = await server.wiring.store.readAll({ filter: { eventTypes: ['MessageQueued'] }, maxCount: 10_000 });
  return queued.filter((event) => (event.data as { ticketId: number }).ticketId === ticketId).map((event) => (event.data as { body: string }).body);
}

describe("the attendant's greeting and farewell", () => {
  it('posts one greeting per accept, however often its event is handled', async () => {
    const ticketId = await pendingTicket('Twice Handled');
    await setting('sendGreetingAccepted', 'enabled');
    try {
      await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
    }
    await settle(server);
    const accepted = await ticketEvent(ticketId, 'TicketAccepted');
    // Handled again (a batch replayed after a crash): the same message, nothing new.
    const again = await postAttendantMessage(server.wiring.ctx, accepted);
    expect(again).toMatchObject({ messageId: attendantMessageId(accepted.id), position: null });
    expect(await queuedBodies(ticketId)).toEqual(['Olá *Twice Handled*, meu nome é *Greetings Co Admin* e agora vou prosseguir com seu atendimento!']);
    const message = await server.wiring.store.readStream(messageStream(attendantMessageId(accepted.id)));
    expect(message[0]?.metadata.actor).toEqual({ kind: 'user', id: admin.userId });
  });

  it('reads the setting and the farewell text as they stood when the ticket changed', async () => {
    const ticketId = await pendingTicket('Late Setting');
    await call('PUT', `/users/${admin.userId}`, { farewellMessage: '' });
    await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    await call('PUT', `/tickets/${ticketId}`, { status: 'closed', sendFarewellMessage: true });
    // Turned on only afterwards: neither the accept nor the close had anything to post.
    await setting('sendGreetingAccepted', 'enabled');
    await call('PUT', `/users/${admin.userId}`, { farewellMessage: 'Até breve!' });
    try {
      expect(await postAttendantMessage(server.wiring.ctx, await ticketEvent(ticketId, 'TicketAccepted'))).toBeNull();
      expect(await postAttendantMessage(server.wiring.ctx, await ticketEvent(ticketId, 'TicketClosed'))).toBeNull();
      await settle(server);
      expect(await queuedBodies(ticketId)).toEqual([]);
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
      await call('PUT', `/users/${admin.userId}`, { farewellMessage: '' });
    }
  });

  it('posts nothing for group tickets, or for changes the system made', async () => {
    await setting('sendGreetingAccepted', 'enabled');
    try {
      const group = await pendingTicket('Group Chat', true);
      await call('PUT', `/tickets/${group}`, { status: 'open', userId: admin.userId });
      const bySystem = await pendingTicket('System Accepted');
      await changeTicket(server.wiring.ctx, {
        companyId: admin.companyId,
        actor: systemActor,
        ticketId: bySystem,
        command: { type: 'AcceptTicket', userId: admin.userId },
      });
      await settle(server);
      expect(await queuedBodies(group)).toEqual([]);
      expect(await queuedBodies(bySystem)).toEqual([]);
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
    }
  });

  // Last in the file: it stops the server's reactors to deploy the greetings reactor anew.
  it('deployed on a database with history, greets only the accepts that come after its first start', async () => {
    const before = await pendingTicket('Accepted Before');
    const after = await pendingTicket('Accepted After');
    await setting('sendGreetingAccepted', 'enabled');
    try {
      await server.wiring.reactors.stop();
      // A database where the reactor never ran: its checkpoint is not there.
      await sql`delete from projection.checkpoints where name = 'attendant-greetings'`.execute(server.wiring.db);
      await call('PUT', `/tickets/${before}`, { status: 'open', userId: admin.userId });
      const { db, store, bus, databaseUrl } = server.wiring;
      const deployed = createProjectionRuntime({
        db,
        store,
        bus,
        connectionString: databaseUrl,
        projectors: [createAttendantGreetingsReactor(server.wiring.ctx)],
        reactorCheckpointEveryMs: 0,
      });
      try {
        await deployed.start();
        await vi.waitFor(() => expect(deployed.status()[0]?.state).toBe('running'), { timeout: 30_000 });
        const accepted = await call('PUT', `/tickets/${after}`, { status: 'open', userId: admin.userId });
        expect(accepted.status).toBe('open');
        const head = await store.headPosition();
        await deployed.waitForPosition(head!, { signal: AbortSignal.timeout(30_000) });
        expect(await queuedBodies(before)).toEqual([]);
        expect(await queuedBodies(after)).toHaveLength(1);
      } finally {
        await deployed.stop();
      }
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
    }
  });
});
