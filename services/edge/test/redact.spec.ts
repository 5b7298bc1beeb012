import { createInProcessBus } from '@conversa/bus';
import { afterEach, describe, expect, it } from 'vitest';
import type { SocketConnection } from '../src/index';
import { expectNothingElse, principal, startEdge, type TestClient, type TestEdge } from './support';

const started: TestEdge[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const harness of started.splice(0)) {
    await harness.app.close();
    await harness.bus.close();
  }
});

async function edge(redact: (connection: SocketConnection, companyId: number) => ((data: unknown) => unknown) | undefined) {
  const harness = await startEdge({ bus: createInProcessBus(), redact });
  started.push(harness);
  return harness;
}

async function connect(harness: TestEdge, ...args: Parameters<TestEdge['connect']>) {
  const client = await harness.connect(...args);
  clients.push(client);
  return client;
}

describe('per-recipient rewriting of frames', () => {
  it('sends the rewritten data to the sockets it names and the data as published to the others, rewriting once', async () => {
    let rewrites = 0;
    const hide = (data: unknown) => {
      rewrites++;
      return { ...(data as object), number: '****' };
    };
    const harness = await edge((connection) => (connection.principal.profile === 'user' ? hide : undefined));
    const users = [await connect(harness, principal({ profile: 'user' })), await connect(harness, principal({ profile: 'user', userId: 2 }))];
    const admin = await connect(harness, principal({ profile: 'admin', userId: 3 }));
    await Promise.all([...users, admin].map((client) => client.sync()));

    await harness.bus.publish('company.1.contact', { id: 1, number: '5511987654321' });
    for (const user of users) expect(await user.next()).toEqual({ event: 'company-1-contact', data: { id: 1, number: '****' } });
    expect(await admin.next()).toEqual({ event: 'company-1-contact', data: { id: 1, number: '5511987654321' } });
    expect(rewrites).toBe(1);
  });

  it('withholds the frame from a socket whose rewriting cannot be decided, and keeps serving the others', async () => {
    let failing = true;
    const harness = await edge((connection) => {
      if (failing && connection.principal.userId === 666) throw new Error('settings unavailable');
      return undefined;
    });
    const broken = await connect(harness, principal({ userId: 666 }));
    const fine = await connect(harness, principal({ userId: 2 }));
    await Promise.all([broken.sync(), fine.sync()]);
    await harness.bus.publish('company.1.contact', { id: 1, number: '5511987654321' });
    expect(await fine.next()).toEqual({ event: 'company-1-contact', data: { id: 1, number: '5511987654321' } });
    failing = false;
    await expectNothingElse(harness.bus, 1, [broken, fine]);
  });
});
