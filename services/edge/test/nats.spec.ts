import { type Bus, createNatsBus } from '@conversa/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NatsServer, startNatsServer } from '../../testing/src/nats';
import { countingBus, expectNothingElse, principal, startEdge, type TestClient, type TestEdge } from './support';

let server: NatsServer;
const edges: TestEdge[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  server = await startNatsServer();
});

afterAll(async () => {
  for (const client of clients) client.close();
  for (const harness of edges) {
    await harness.app.close();
    await harness.bus.close();
  }
  await server?.stop();
});

describe('edge over NATS', () => {
  it('relays a publish on one connection to the sockets of every edge, per company', async () => {
    for (const name of ['edge-a', 'edge-b']) {
      edges.push(await startEdge({ bus: await createNatsBus({ servers: server.url, name }) }));
    }
    const [a, b] = edges as [TestEdge, TestEdge];
    const onA = await a.connect(principal({ companyId: 1 }));
    const onB = await b.connect(principal({ companyId: 1 }));
    const otherCompanyOnB = await b.connect(principal({ companyId: 2 }));
    clients.push(onA, onB, otherCompanyOnB);
    await Promise.all(clients.map((client) => client.sync()));

    const data = { action: 'update', contact: { id: 1, name: 'Ana' } };
    await a.bus.publish('company.1.contact', data);
    expect(await onA.next()).toEqual({ event: 'company-1-contact', data });
    expect(await onB.next()).toEqual({ event: 'company-1-contact', data });
    await expectNothingElse(a.bus, 2, [otherCompanyOnB]);
    // The cause's correlation id crosses the broker (a header) onto every edge's frame.
    await a.bus.publish('company.1.contact', data, { correlationId: 'request-0042' });
    expect(await onA.next()).toEqual({ event: 'company-1-contact', data, correlationId: 'request-0042' });
    expect(await onB.next()).toEqual({ event: 'company-1-contact', data, correlationId: 'request-0042' });
  });
});

/** The bus as the edge sees it, keeping the subject of every message that reaches the edge. */
const watched = (inner: Bus, subjects: string[]): Bus => ({
  publish: (subject, data) => inner.publish(subject, data),
  subscribe: (pattern, handler) => inner.subscribe(pattern, (message) => (subjects.push(message.subject), handler(message))),
  close: () => inner.close(),
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('per-company subscriptions over NATS', () => {
  it("receives only its sockets' companies: subscribes at a company's first socket, drops it after its last", async () => {
    const subjects: string[] = [];
    const bus = countingBus(watched(await createNatsBus({ servers: server.url, name: 'edge-per-company' }), subjects));
    const harness = await startEdge({ bus, perCompany: true });
    const publisher = await startEdge({ bus: await createNatsBus({ servers: server.url, name: 'publisher' }) });
    edges.push(harness, publisher);
    const first = await harness.connect(principal({ companyId: 21 }));
    const second = await harness.connect(principal({ companyId: 21 }));
    clients.push(first, second);
    await Promise.all([first.sync(), second.sync()]);
    expect(bus.subscriptions()).toEqual({ active: 1, total: 1 });

    const data = { action: 'update', contact: { id: 5, name: 'Bia' } };
    await publisher.bus.publish('company.22.contact', data);
    await publisher.bus.publish('company.21.contact', data);
    for (const client of [first, second]) expect(await client.next()).toEqual({ event: 'company-21-contact', data });
    await expectNothingElse(publisher.bus, 21, [first, second]);
    // Another company's frames never reached this edge at all, not merely its sockets.
    expect(subjects.filter((subject) => !subject.startsWith('company.21.'))).toEqual([]);

    first.close();
    second.close();
    await until(() => bus.subscriptions().active === 0, 'the company subscription to be dropped');
    // Its next socket subscribes again and misses nothing published once it is told it is authenticated.
    const again = await harness.connect(principal({ companyId: 21 }));
    clients.push(again);
    await again.sync();
    expect(bus.subscriptions()).toEqual({ active: 1, total: 2 });
    await publisher.bus.publish('company.21.contact', data);
    expect(await again.next()).toEqual({ event: 'company-21-contact', data });
  });
});

describe('access announcements over NATS', () => {
  it("closes a revoked user's sockets on every edge, and relays the announcement to no browser", async () => {
    const [a, b] = [
      await startEdge({ bus: await createNatsBus({ servers: server.url, name: 'edge-c' }) }),
      await startEdge({ bus: await createNatsBus({ servers: server.url, name: 'edge-d' }) }),
    ];
    edges.push(a, b);
    const revokedOnA = await a.connect(principal({ companyId: 3, userId: 7 }));
    const revokedOnB = await b.connect(principal({ companyId: 3, userId: 7 }));
    const colleague = await b.connect(principal({ companyId: 3, userId: 8 }));
    clients.push(revokedOnA, revokedOnB, colleague);
    await Promise.all([revokedOnA, revokedOnB, colleague].map((client) => client.sync()));

    const started = performance.now();
    await a.bus.publish('company.3.user-access', { userId: 7, change: 'revoked' });
    for (const client of [revokedOnA, revokedOnB]) expect(await client.closed).toEqual({ code: 4401, reason: 'session revoked' });
    expect(performance.now() - started).toBeLessThan(1000);
    await expectNothingElse(a.bus, 3, [colleague]);
  });
});
