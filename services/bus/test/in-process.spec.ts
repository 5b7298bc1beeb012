import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../src/in-process';
import { describeBusBehaviour } from './behaviour';

describeBusBehaviour('in-process', () => async (options) => createInProcessBus(options));

describe('in-process bus', () => {
  it('drops deliveries still queued when the subscriber unsubscribes', async () => {
    const bus = createInProcessBus();
    const seen: unknown[] = [];
    const subscription = await bus.subscribe('company.1.ticket', (message) => seen.push(message.data));
    const published = bus.publish('company.1.ticket', { n: 1 });
    await subscription.unsubscribe();
    await published;
    const other = await bus.subscribe('company.1.ticket', (message) => seen.push(message.data));
    await bus.publish('company.1.ticket', { n: 2 });
    expect(seen).toEqual([{ n: 2 }]);
    await other.unsubscribe();
    await bus.close();
  });
});
