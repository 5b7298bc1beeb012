import { createInProcessBus } from '@conversa/bus';
import { afterEach, describe, expect, it } from 'vitest';
import type { SocketConnection } from '../src/index';
import { countingBus, expectNothingElse, principal, startEdge, tokenFor, type TestClient, type TestEdge } from './support';

const started: TestEdge[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const harness of started.splice(0)) {
    await harness.app.close();
    await harness.bus.close();
  }
});

async function edge(options: Parameters<typeof startEdge>[0] = { bus: createInProcessBus() }) {
  const harness = await startEdge(options);
  started.push(harness);
  return harness;
}

async function connect(harness: TestEdge, ...args: Parameters<TestEdge['connect']>) {
  const client = await harness.connect(...args);
  clients.push(client);
  return client;
}

/** A filter whose side effect shows the rooms the edge holds for each socket. */
function roomsProbe() {
  const seen = new Map<string, string[]>();
  const filter = (connection: SocketConnection) => {
    seen.set(connection.principal.sessionId, [...connection.rooms].sort());
    return true;
  };
  return { filter, roomsOf: (client: TestClient) => seen.get(client.principal!.sessionId) };
}

describe('authentication', () => {
  it('closes with 4401 when the token is missing or refused, and never indexes the socket', async () => {
    const harness = await edge({ bus: createInProcessBus(), authTimeoutMs: 300 });
    const missing = await connect(harness, '', {});
    const refused = await connect(harness, 'not-a-token');
    refused.send({ event: 'joinNotification' });
    const opened = performance.now();
    expect((await missing.closed).code).toBe(4401);
    // Closed by the edge's wait for a first message, not left open until the pinger's round.
    expect(performance.now() - opened).toBeLessThan(5_000);
    expect((await refused.closed).code).toBe(4401);
    expect(harness.edge.connections()).toBe(0);
  });

  it('reads the token from the first message only: a token in the URL or after another message is not one', async () => {
    const harness = await edge({ bus: createInProcessBus(), authTimeoutMs: 300 });
    const valid = tokenFor(principal());
    const inUrl = await connect(harness, '', { query: `token=${valid}` });
    const late = await connect(harness, '', {});
    late.send({ event: 'joinNotification' });
    late.send({ event: 'authenticate', data: valid });
    expect((await inUrl.closed).code).toBe(4401);
    expect((await late.closed).code).toBe(4401);
    expect(harness.edge.connections()).toBe(0);
  });

  it('closes with 1011 when the verifier itself fails, so the browser retries instead of logging out', async () => {
    const harness = await edge();
    const client = await connect(harness, 'explode');
    expect((await client.closed).code).toBe(1011);
    expect(harness.edge.connections()).toBe(0);
  });

  it('takes the company from the token, never from the companyId query parameter', async () => {
    const harness = await edge();
    const intruder = await connect(harness, principal({ companyId: 2 }), { query: 'companyId=1&userId=1' });
    const member = await connect(harness, principal({ companyId: 1 }));
    await intruder.sync();
    await member.sync();
    await harness.bus.publish('company.1.contact', { action: 'update', contact: { id: 1 } });
    expect(await member.next()).toEqual({ event: 'company-1-contact', data: { action: 'update', contact: { id: 1 } } });
    await expectNothingElse(harness.bus, 2, [intruder]);
  });
});

describe('fan-out', () => {
  it('sends a company frame to every socket of that company and to no other', async () => {
    const bus = countingBus();
    const harness = await edge({ bus });
    const companyOne = await Promise.all(Array.from({ length: 6 }, (_, i) => connect(harness, principal({ companyId: 1, userId: 10 + i }))));
    const companyTwo = await Promise.all(Array.from({ length: 4 }, (_, i) => connect(harness, principal({ companyId: 2, userId: 20 + i }))));
    await Promise.all([...companyOne, ...companyTwo].map((client) => client.sync()));
    expect(harness.edge.connections()).toBe(10);
    expect(bus.subscriptions()).toEqual({ active: 1, total: 1 });

    const data = { action: 'update', contact: { id: 9, name: 'Ana' } };
    await bus.publish('company.1.contact', data);
    for (const client of companyOne) expect(await client.next()).toEqual({ event: 'company-1-contact', data });
    await expectNothingElse(bus, 2, companyTwo);

    // Entities named with an id (`chat-user-21`) reach the company's sockets their filter admits: an internal
    // chat frame only the users in its audience (contracts/src/chats/access.ts).
    const chatFrame = { action: 'create', record: { id: 3 }, audience: [21] };
    await bus.publish('company.2.chat-user-21', chatFrame);
    const [, user21, ...others] = companyTwo;
    expect(await user21!.next()).toEqual({ event: 'company-2-chat-user-21', data: chatFrame });
    await expectNothingElse(bus, 2, [companyTwo[0]!, ...others]);
    await expectNothingElse(bus, 1, companyOne);
  });

  it('ignores bus subjects that do not name a company by its canonical id', async () => {
    const harness = await edge();
    const client = await connect(harness, principal({ companyId: 7 }));
    await client.sync();
    await harness.bus.publish('company.07.ticket', {});
    await harness.bus.publish('company.abc.ticket', {});
    await harness.bus.publish('company.-7.ticket', {});
    await expectNothingElse(harness.bus, 7, [client]);
    // An entity named like an Object.prototype member has no filter and is relayed like any other.
    await harness.bus.publish('company.7.constructor', { x: 1 });
    expect(await client.next()).toEqual({ event: 'company-7-constructor', data: { x: 1 } });
  });

  it('sends an entity with a filter only to the sockets the filter admits', async () => {
    const ticketFilter = (connection: SocketConnection, data: { ticket: { id: number; status: string } }) =>
      connection.rooms.has(`status:${data.ticket.status}`) || connection.rooms.has(`ticket:${data.ticket.id}`);
    const harness = await edge({ bus: createInProcessBus(), filters: { ticket: ticketFilter } });
    const openTab = await connect(harness, principal());
    const chatBox = await connect(harness, principal());
    const idle = await connect(harness, principal());
    openTab.send({ event: 'joinTickets', data: 'open' });
    chatBox.send({ event: 'joinChatBox', data: '42' });
    await Promise.all([openTab.sync(), chatBox.sync(), idle.sync()]);

    const pending42 = { action: 'update', ticket: { id: 42, status: 'pending' } };
    await harness.bus.publish('company.1.ticket', pending42);
    expect(await chatBox.next()).toEqual({ event: 'company-1-ticket', data: pending42 });
    const open7 = { action: 'update', ticket: { id: 7, status: 'open' } };
    await harness.bus.publish('company.1.ticket', open7);
    expect(await openTab.next()).toEqual({ event: 'company-1-ticket', data: open7 });
    await expectNothingElse(harness.bus, 1, [openTab, chatBox, idle]);
  });

  it('denies a frame to a socket whose filter throws, and keeps serving the others', async () => {
    const harness = await edge({
      bus: createInProcessBus(),
      filters: {
        ticket: (connection) => {
          if (connection.principal.userId === 666) throw new Error('broken filter');
          return true;
        },
      },
    });
    const broken = await connect(harness, principal({ userId: 666 }));
    const fine = await connect(harness, principal({ userId: 2 }));
    await Promise.all([broken.sync(), fine.sync()]);
    await harness.bus.publish('company.1.ticket', { n: 1 });
    expect(await fine.next()).toEqual({ event: 'company-1-ticket', data: { n: 1 } });
    await expectNothingElse(harness.bus, 1, [broken, fine]);
  });

  it("tells a user's other sessions about a new login, but not the new session or other users", async () => {
    const harness = await edge();
    const oldBrowser = await connect(harness, principal({ userId: 5, sessionId: 'old' }));
    const newBrowser = await connect(harness, principal({ userId: 5, sessionId: 'new' }));
    const colleague = await connect(harness, principal({ userId: 6, sessionId: 'colleague' }));
    const sameIdElsewhere = await connect(harness, principal({ companyId: 2, userId: 5, sessionId: 'elsewhere' }));
    await Promise.all([oldBrowser, newBrowser, colleague, sameIdElsewhere].map((client) => client.sync()));

    const data = { action: 'update', user: { id: 5 }, sessionId: 'new' };
    await harness.bus.publish('company.1.auth', data);
    expect(await oldBrowser.next()).toEqual({ event: 'company-1-auth', data });
    await harness.bus.publish('company.1.auth', 'not an object');
    await expectNothingElse(harness.bus, 1, [oldBrowser, newBrowser, colleague]);
    await expectNothingElse(harness.bus, 2, [sameIdElsewhere]);
  });
});

describe('client messages', () => {
  it('joins and leaves rooms: one status tab and one chat box at a time', async () => {
    const probe = roomsProbe();
    const harness = await edge({ bus: createInProcessBus(), filters: { dashboard: probe.filter } });
    const client = await connect(harness, principal());
    const roomsNow = async () => {
      await client.sync();
      await harness.bus.publish('company.1.dashboard', {});
      await client.next();
      return probe.roomsOf(client);
    };

    expect(await roomsNow()).toEqual([]);
    client.send({ event: 'joinNotification' });
    client.send({ event: 'joinTickets', data: 'open' });
    expect(await roomsNow()).toEqual(['notification', 'status:open']);
    client.send({ event: 'joinTickets', data: 'pending' });
    expect(await roomsNow()).toEqual(['notification', 'status:pending']);
    client.send({ event: 'leaveTickets', data: 'closed' });
    expect(await roomsNow()).toEqual(['notification', 'status:pending']);
    client.send({ event: 'leaveTickets', data: 'pending' });
    expect(await roomsNow()).toEqual(['notification']);
    client.send({ event: 'joinChatBox', data: '42' });
    client.send({ event: 'joinTickets', data: 'group' });
    expect(await roomsNow()).toEqual(['notification', 'status:group', 'ticket:42']);
    client.send({ event: 'joinChatBox', data: 43 });
    expect(await roomsNow()).toEqual(['notification', 'status:group', 'ticket:43']);
    client.send({ event: 'joinChatBox', data: 'a1b2c3d4-0000-4000-8000-000000000001' });
    expect(await roomsNow()).toEqual(['notification', 'status:group', 'ticket:a1b2c3d4-0000-4000-8000-000000000001']);
    client.send({ event: 'leaveChatBox' });
    expect(await roomsNow()).toEqual(['notification', 'status:group']);
  });

  it('keeps messages sent before the token is verified and applies them in order', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const probe = roomsProbe();
    const harness = await edge({
      bus: createInProcessBus(),
      filters: { dashboard: probe.filter },
      authenticate: async (token) => {
        await gate;
        return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
      },
    });
    const early = principal();
    const client = await connect(harness, early);
    client.send({ event: 'joinTickets', data: 'open' });
    client.send({ event: 'joinChatBox', data: '5' });
    client.send({ event: 'joinTickets', data: 'closed' });
    const synced = client.sync();
    release();
    await synced;
    await harness.bus.publish('company.1.dashboard', {});
    await client.next();
    expect(probe.roomsOf(client)).toEqual(['status:closed', 'ticket:5']);
  });

  it('ignores malformed messages without closing the socket, and counts them', async () => {
    const probe = roomsProbe();
    const harness = await edge({ bus: createInProcessBus(), filters: { dashboard: probe.filter } });
    const client = await connect(harness, principal());
    await client.sync();
    const before = harness.edge.stats().malformedMessages;

    const malformed = [
      'not json',
      'null',
      '[]',
      '{"event":"nope"}',
      '{"event":"joinTickets","data":"archived"}',
      '{"event":"joinTickets"}',
      '{"event":"joinChatBox","data":"../../etc"}',
      '{"event":"joinChatBox","data":-1}',
      '{"event":"joinChatBox","data":{"id":1}}',
      '{"data":"open"}',
    ];
    for (const text of malformed) client.send(text);
    client.socket.send(Buffer.from('{"event":"joinNotification"}'), { binary: true });
    client.send({ event: 'joinTickets', data: 'open' });
    await client.sync();

    expect(harness.edge.stats().malformedMessages - before).toBe(malformed.length + 1);
    await harness.bus.publish('company.1.dashboard', {});
    await client.next();
    expect(probe.roomsOf(client)).toEqual(['status:open']);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('closes a socket that sends an oversized message (1009) rather than parsing it', async () => {
    const harness = await edge();
    const client = await connect(harness, principal());
    client.send(JSON.stringify({ event: 'joinNotification', padding: 'x'.repeat(64 * 1024) }));
    expect((await client.closed).code).toBe(1009);
  });

  it('reports each userStatus message with the socket principal, and survives a failing hook', async () => {
    const calls: number[] = [];
    let failNext = true;
    const harness = await edge({
      bus: createInProcessBus(),
      onUserStatus: async (p) => {
        calls.push(p.userId);
        if (failNext) {
          failNext = false;
          throw new Error('presence store down');
        }
        if (calls.length === 2) done();
      },
    });
    let done!: () => void;
    const second = new Promise<void>((resolve) => (done = resolve));
    const client = await connect(harness, principal({ userId: 31 }));
    client.send({ event: 'userStatus' });
    client.send({ event: 'userStatus' });
    await second;
    expect(calls).toEqual([31, 31]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});

describe('liveness and back-pressure', () => {
  it('terminates a socket that does not answer pings, and keeps one that does', async () => {
    // Not shorter: a busy test worker must still get the live client's pong in before the next ping.
    const harness = await edge({ bus: createInProcessBus(), pingIntervalMs: 150 });
    const dead = await connect(harness, principal(), { autoPong: false });
    const alive = await connect(harness, principal());
    await Promise.all([dead.sync(), alive.sync()]);

    let pings = 0;
    const afterDeath = new Promise<void>((resolve) => {
      alive.socket.on('ping', () => {
        pings++;
        if (pings >= 3) resolve();
      });
    });
    const closed = await dead.closed;
    expect(closed.code).toBe(1006);
    await afterDeath;
    expect(alive.socket.readyState).toBe(alive.socket.OPEN);
    expect(harness.edge.connections()).toBe(1);
    expect(harness.edge.stats().terminatedMissedPong).toBe(1);
  });

  it('cuts off a client that stops reading instead of buffering for it', async () => {
    const harness = await edge({ bus: createInProcessBus(), maxBufferedBytes: 256 * 1024 });
    const slow = await connect(harness, principal());
    const fast = await connect(harness, principal());
    await Promise.all([slow.sync(), fast.sync()]);
    slow.socket.pause();

    const blob = 'x'.repeat(64 * 1024);
    let sent = 0;
    // Loopback kernel buffers swallow a few MiB first; the cap only turns a bug into a failure.
    while (harness.edge.stats().terminatedSlowConsumer === 0 && sent < 4_000) {
      await harness.bus.publish('company.1.contact', { seq: sent, blob });
      const frame = await fast.next();
      expect((frame.data as { seq: number }).seq).toBe(sent);
      sent++;
    }
    expect(harness.edge.stats().terminatedSlowConsumer).toBe(1);
    expect(harness.edge.connections()).toBe(1);
    await expectNothingElse(harness.bus, 1, [fast]);
  });
});

describe('close()', () => {
  it('stops the bus subscription and closes sockets with 1001', async () => {
    const bus = countingBus();
    const harness = await edge({ bus });
    const sockets = await Promise.all([1, 2, 3].map((companyId) => connect(harness, principal({ companyId }))));
    await Promise.all(sockets.map((client) => client.sync()));

    await harness.edge.close();
    expect(bus.subscriptions().active).toBe(0);
    expect(harness.edge.connections()).toBe(0);
    for (const client of sockets) expect((await client.closed).code).toBe(1001);

    const late = await connect(harness, principal());
    expect((await late.closed).code).toBe(1001);
  });

  it('runs when the fastify app closes', async () => {
    const bus = countingBus();
    const harness = await startEdge({ bus });
    const client = await harness.connect(principal());
    await client.sync();
    await harness.app.close();
    expect((await client.closed).code).toBe(1001);
    expect(bus.subscriptions().active).toBe(0);
    await bus.close();
  });
});
