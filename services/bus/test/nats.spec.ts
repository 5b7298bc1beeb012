import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/src/postgres';
import { type NatsServer, startNatsServer } from '../../testing/src/nats';
import { createNatsBus, type NatsBusOptions } from '../src/nats';
import type { MonitoredBus } from '../src/port';
import { describeBusBehaviour } from './behaviour';
import { Inbox, messages, sawInOrder, statusLog } from './support';

let server: NatsServer;

beforeAll(async () => {
  server = await startNatsServer();
});

afterAll(async () => {
  await server?.stop();
});

describeBusBehaviour('nats', () => (options) => createNatsBus({ servers: server.url, ...options }));

describe('nats bus: connection life', () => {
  const open: MonitoredBus[] = [];
  const connect = async (options: Partial<NatsBusOptions> = {}) => {
    const bus = await createNatsBus({ servers: server.url, name: 'bus-test', ...options });
    open.push(bus);
    return bus;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });

  it('fans out between two connections, as between two processes', async () => {
    const api = await connect({ name: 'api' });
    const edge = await connect({ name: 'edge' });
    const atApi = messages();
    const atEdge = messages();
    await api.subscribe('company.*.ticket', atApi.push);
    await edge.subscribe('company.*.ticket', atEdge.push);

    await api.publish('company.1.ticket', { from: 'api' });
    await edge.publish('company.2.ticket', { from: 'edge' });

    for (const inbox of [atApi, atEdge]) {
      const received = await inbox.nth(2);
      expect(received.map((item) => item.data).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([{ from: 'api' }, { from: 'edge' }]);
    }
  });

  it('keeps an existing subscription through a server restart, without resubscribing', async () => {
    const subscriber = await connect({ name: 'edge' });
    const publisher = await connect({ name: 'projector' });
    const inbox = messages();
    await subscriber.subscribe('company.1.>', inbox.push);
    const subscriberStatus = statusLog(subscriber);
    const publisherStatus = statusLog(publisher);

    for (let seq = 1; seq <= 5; seq++) await publisher.publish('company.1.ticket', { seq });
    await inbox.nth(5);

    await server.restart();
    await subscriberStatus.until(sawInOrder('reconnecting', 'connected'));
    await publisherStatus.until(sawInOrder('reconnecting', 'connected'));

    for (let seq = 6; seq <= 10; seq++) await publisher.publish('company.1.ticket', { seq });
    const received = await inbox.nth(10);
    expect(received.map((item) => (item.data as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('holds publishes made while the server is down and sends them, in order, when it is back', async () => {
    // One connection: on reconnect its SUBs precede the held PUBs on the same socket. Across two
    // connections the publisher could come back first and its messages find no subscriber yet.
    const bus = await connect();
    const inbox = messages();
    await bus.subscribe('company.2.message', inbox.push);
    const statuses = statusLog(bus);

    await server.stop();
    await statuses.until((items) => items.includes('reconnecting'));
    expect(bus.status()).toBe('reconnecting');
    for (let seq = 1; seq <= 3; seq++) await bus.publish('company.2.message', { seq });
    // An outage spanning several reconnect attempts: each attempt empties nats.js's own outbound
    // buffer, which is exactly what the adapter's buffer has to outlive.
    await delay(1_000);
    await bus.publish('company.2.message', { seq: 4 });
    await server.restart();

    const received = await inbox.nth(4);
    expect(received.map((item) => item.data)).toEqual([{ seq: 1 }, { seq: 2 }, { seq: 3 }, { seq: 4 }]);
    expect(bus.status()).toBe('connected');
  });

  it('drops the oldest held publishes beyond maxBufferedMessages', async () => {
    const bus = await connect({ maxBufferedMessages: 2 });
    const inbox = messages();
    await bus.subscribe('company.3.message', inbox.push);
    const statuses = statusLog(bus);

    await server.stop();
    await statuses.until((items) => items.includes('reconnecting'));
    for (let seq = 1; seq <= 5; seq++) await bus.publish('company.3.message', { seq });
    await server.restart();
    await statuses.until(sawInOrder('reconnecting', 'connected'));
    await bus.publish('company.3.message', { seq: 6 });

    const received = await inbox.nth(3);
    expect(received.map((item) => item.data)).toEqual([{ seq: 4 }, { seq: 5 }, { seq: 6 }]);
  });

  it('starts before the server does and connects once it is up', async () => {
    const port = await freePort();
    const pending = createNatsBus({ servers: `nats://127.0.0.1:${port}`, name: 'early-bird' });
    const late = await startNatsServer({ port });
    try {
      const bus = await pending;
      open.push(bus);
      expect(bus.status()).toBe('connected');
      const inbox = messages();
      await bus.subscribe('company.4.ticket', inbox.push);
      await bus.publish('company.4.ticket', { ok: true });
      expect((await inbox.nth(1))[0]?.data).toEqual({ ok: true });
    } finally {
      await Promise.all(open.splice(0).map((bus) => bus.close()));
      await late.stop();
    }
  });

  it('drains on close: publishes made just before close() still arrive', async () => {
    const subscriber = await connect();
    const inbox = messages();
    await subscriber.subscribe('company.5.>', inbox.push);
    const publisher = await createNatsBus({ servers: server.url });

    const count = 1_000;
    for (let seq = 0; seq < count; seq++) void publisher.publish('company.5.ticket', { seq });
    await publisher.close();

    expect(publisher.status()).toBe('closed');
    expect(await inbox.nth(count)).toHaveLength(count);
  });

  it('closes promptly while the server is down', async () => {
    const bus = await createNatsBus({ servers: server.url });
    const statuses = statusLog(bus);
    await server.stop();
    try {
      await statuses.until((items) => items.includes('reconnecting'));
      await bus.close();
      expect(bus.status()).toBe('closed');
      await expect(bus.publish('company.6.ticket', {})).rejects.toThrow(/closed/);
    } finally {
      await server.restart();
    }
  });

  it('reports a message it cannot decode instead of calling the handler', async () => {
    const errors = new Inbox<{ error: unknown; subject: string }>();
    const bus = await connect({ onError: (error, message) => errors.push({ error, subject: message.subject }) });
    const handled = messages();
    await bus.subscribe('company.7.>', handled.push);

    const { connect: rawConnect } = await import('nats');
    const raw = await rawConnect({ servers: server.url });
    raw.publish('company.7.ticket', new TextEncoder().encode('{not json'));
    raw.publish('company.7.ticket', new TextEncoder().encode('{"ok":true}'));
    await raw.drain();

    expect((await handled.nth(1)).map((item) => item.data)).toEqual([{ ok: true }]);
    const [reported] = await errors.nth(1);
    expect(reported?.subject).toBe('company.7.ticket');
    expect(reported?.error).toBeInstanceOf(SyntaxError);
  });
});
