import { afterEach, describe, expect, it } from 'vitest';
import { type BusOptions, companySubject, type MonitoredBus } from '../src/port';
import { Inbox, messages, statusLog, subjectsOf } from './support';

export type BusFactory = (options: BusOptions) => Promise<MonitoredBus>;

/** The behaviour every Bus adapter must show; each adapter's spec runs it with its own factory. */
export function describeBusBehaviour(name: string, factory: () => BusFactory): void {
  describe(`${name} bus: shared behaviour`, () => {
    const open: MonitoredBus[] = [];
    let errors: Inbox<{ error: unknown; subject: string }>;

    const createBus = async () => {
      errors = new Inbox();
      const bus = await factory()({ onError: (error, message) => errors.push({ error, subject: message.subject }) });
      open.push(bus);
      return bus;
    };

    afterEach(async () => {
      await Promise.all(open.splice(0).map((bus) => bus.close()));
    });

    it('delivers a JSON copy of the payload with its subject, never on the publisher stack', async () => {
      const bus = await createBus();
      const inbox = messages();
      let ranDuringPublish = false;
      let publishing = false;
      await bus.subscribe('company.7.ticket', (message) => {
        ranDuringPublish ||= publishing;
        inbox.push(message);
      });

      const payload = { action: 'update', ticket: { id: 1, updatedAt: new Date('2024-05-01T10:00:00Z'), note: undefined } };
      publishing = true;
      const published = bus.publish(companySubject(7, 'ticket'), payload);
      publishing = false;
      await published;
      payload.ticket.id = 99;

      const [message] = await inbox.nth(1);
      expect(ranDuringPublish).toBe(false);
      expect(message).toEqual({
        subject: 'company.7.ticket',
        data: { action: 'update', ticket: { id: 1, updatedAt: '2024-05-01T10:00:00.000Z' } },
      });
    });

    it("carries a message's correlation id beside its data, and none when the publisher gives none", async () => {
      const bus = await createBus();
      const inbox = messages();
      await bus.subscribe('company.7.>', (message) => inbox.push(message));
      await bus.publish(companySubject(7, 'contact'), { n: 1 }, { correlationId: 'request-0001' });
      await bus.publish(companySubject(7, 'contact'), { n: 2 });
      expect(await inbox.nth(2)).toEqual([
        { subject: 'company.7.contact', data: { n: 1 }, correlationId: 'request-0001' },
        { subject: 'company.7.contact', data: { n: 2 } },
      ]);
    });

    it('matches patterns with NATS semantics: * is one token, > one or more trailing tokens', async () => {
      const bus = await createBus();
      const patterns = ['company.1.ticket', 'company.*.ticket', 'company.1.>', 'company.*', 'company.>', '>', '*.*.message'];
      const inboxes = new Map(patterns.map((pattern) => [pattern, messages()]));
      for (const [pattern, inbox] of inboxes) await bus.subscribe(pattern, inbox.push);

      const subjects = ['company.1.ticket', 'company.2.ticket', 'company.1.message', 'company.1.ticket.note', 'company', 'company.1'];
      for (const subject of subjects) await bus.publish(subject, { probe: true });
      // Delivery keeps publish order, so once a subscriber has its end marker it has everything
      // published before it: absence can be asserted without waiting for time to pass.
      const ends = ['company.1.ticket', 'company.9.ticket', 'company.1.end', 'company.end', 'x.y.message'];
      for (const subject of ends) await bus.publish(subject, { end: true });

      const received = new Map<string, string[]>();
      for (const [pattern, inbox] of inboxes) {
        const items = await inbox.until((all) => all.some((item) => (item.data as { end?: boolean }).end));
        const firstEnd = items.findIndex((item) => (item.data as { end?: boolean }).end);
        received.set(pattern, subjectsOf(items.slice(0, firstEnd)));
      }
      expect(Object.fromEntries(received)).toEqual({
        'company.1.ticket': ['company.1.ticket'],
        'company.*.ticket': ['company.1.ticket', 'company.2.ticket'],
        'company.1.>': ['company.1.ticket', 'company.1.message', 'company.1.ticket.note'],
        'company.*': ['company.1'],
        'company.>': ['company.1.ticket', 'company.2.ticket', 'company.1.message', 'company.1.ticket.note', 'company.1'],
        '>': subjects,
        '*.*.message': ['company.1.message'],
      });
    });

    it('keeps tenants apart: company.1.> never sees another company, even one sharing a prefix', async () => {
      const bus = await createBus();
      const inbox = messages();
      await bus.subscribe('company.1.>', inbox.push);

      for (const subject of ['company.2.ticket', 'company.12.ticket', 'company.10.message', 'company.2.1.ticket']) {
        await bus.publish(subject, { secret: subject });
      }
      await bus.publish('company.1.ticket', { mine: true });

      const received = await inbox.nth(1);
      expect(received).toEqual([{ subject: 'company.1.ticket', data: { mine: true } }]);
    });

    it('preserves publish order for every subscriber', async () => {
      const bus = await createBus();
      const exact = messages();
      const wildcard = messages();
      await bus.subscribe('company.3.message', exact.push);
      await bus.subscribe('company.*.>', wildcard.push);

      const count = 500;
      // Not awaited one by one: a burst is what a projector batch produces.
      await Promise.all(Array.from({ length: count }, (_, seq) => bus.publish('company.3.message', { seq })));

      for (const inbox of [exact, wildcard]) {
        const received = await inbox.nth(count);
        expect(received.map((item) => (item.data as { seq: number }).seq)).toEqual(Array.from({ length: count }, (_, seq) => seq));
      }
    });

    it('carries a frame sequence beside the data, which stays the body as published', async () => {
      const bus = await createBus();
      const inbox = messages();
      await bus.subscribe('company.8.>', inbox.push);
      await bus.publish('company.8.ticket', { n: 1 }, { seq: 41 });
      await bus.publish('company.8.ticket', { n: 2 });
      const [sequenced, plain] = await inbox.nth(2);
      expect(sequenced).toEqual({ subject: 'company.8.ticket', data: { n: 1 }, seq: 41 });
      expect(plain).toEqual({ subject: 'company.8.ticket', data: { n: 2 } });
    });

    it('stops delivering to a subscription once unsubscribe resolves, and only to that one', async () => {
      const bus = await createBus();
      const leaving = messages();
      const staying = messages();
      const subscription = await bus.subscribe('company.4.ticket', leaving.push);
      await bus.subscribe('company.4.ticket', staying.push);

      await bus.publish('company.4.ticket', { n: 1 });
      await leaving.nth(1);
      await staying.nth(1);

      await subscription.unsubscribe();
      await subscription.unsubscribe();
      await bus.publish('company.4.ticket', { n: 2 });
      await staying.nth(2);
      expect(leaving.items.map((item) => item.data)).toEqual([{ n: 1 }]);
    });

    it('isolates a failing handler: the others get every message, and so does the failing one', async () => {
      const bus = await createBus();
      const healthy = messages();
      let throwingCalls = 0;
      let rejectingCalls = 0;
      await bus.subscribe('company.5.>', () => {
        throwingCalls++;
        throw new Error('handler bug');
      });
      await bus.subscribe('company.5.>', async () => {
        rejectingCalls++;
        throw new Error('async handler bug');
      });
      await bus.subscribe('company.5.>', healthy.push);

      for (let n = 1; n <= 3; n++) await bus.publish('company.5.ticket', { n });

      expect((await healthy.nth(3)).map((item) => item.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      const reported = await errors.nth(6);
      expect(throwingCalls).toBe(3);
      expect(rejectingCalls).toBe(3);
      expect(reported.map((item) => (item.error as Error).message).sort()).toEqual([...Array(3).fill('async handler bug'), ...Array(3).fill('handler bug')]);
      expect(reported.every((item) => item.subject === 'company.5.ticket')).toBe(true);
    });

    it('rejects subjects and patterns NATS would not route, and payloads JSON cannot carry', async () => {
      const bus = await createBus();
      for (const subject of ['company.*.ticket', 'company.>', 'company..ticket', 'company.1 .ticket', '', 'company.1.ticket.']) {
        await expect(bus.publish(subject, {}), subject).rejects.toThrow(/invalid bus subject/);
      }
      for (const pattern of ['company.>.ticket', 'company.t*', 'company..>', '']) {
        await expect(
          bus.subscribe(pattern, () => {}),
          pattern,
        ).rejects.toThrow(/invalid bus pattern/);
      }
      await expect(bus.publish('company.1.ticket', undefined)).rejects.toThrow(/JSON/);
    });

    it('reports connected, then closed after close(); a closed bus refuses work', async () => {
      const bus = await createBus();
      const statuses = statusLog(bus);
      const inbox = messages();
      await bus.subscribe('company.6.ticket', inbox.push);
      expect(bus.status()).toBe('connected');

      await bus.close();
      await bus.close();
      expect(bus.status()).toBe('closed');
      await statuses.until((items) => items.includes('closed'));
      await expect(bus.publish('company.6.ticket', {})).rejects.toThrow(/closed/);
      await expect(bus.subscribe('company.6.ticket', () => {})).rejects.toThrow(/closed/);
    });
  });
}
