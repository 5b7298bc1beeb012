import { createNatsBus } from '@conversa/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NatsServer, startNatsServer } from '../../testing/src/nats';
import { expectNothingElse, principal, startEdge, type TestClient, type TestEdge } from './support';

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
  });
});
