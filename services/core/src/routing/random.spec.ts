import { defaultCompanySettings, type BotEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { ticketBot } from './bot';
import { botAfter, connection, inbound, later, menuShown, MORNING, NIGHT, queue, sales, schedule, support, TZ } from './fixtures';
import type { RoutingTicket } from './model';
import { pickRandomUser, routeRandomUser, type RandomUserInput } from './random';
import { routeSendQueue } from './timers';

const ON = { ...defaultCompanySettings, userRandom: 'enabled' as const };
const waiting: RoutingTicket = { id: 7, status: 'pending', queueId: 1, userId: null, contactId: 3, whatsappId: 4, isGroup: false, channel: 'whatsapp' };

const input = (overrides: Partial<RandomUserInput> = {}): RandomUserInput => ({
  clock: { now: MORNING, timeZone: TZ },
  ticket: waiting,
  settings: ON,
  queue: sales,
  onlineUserIds: [12, 5, 9],
  draw: 0.5,
  routedAt: MORNING.toISOString(),
  ...overrides,
});

const at = MORNING.toISOString();
const placed = (queueId: number, reason: 'menu' | 'singleQueue' | 'chatbot' | 'timeSendQueue' = 'menu'): BotEvent => ({
  type: 'BotTicketChangeDecided',
  data: { ticketId: 7, change: { kind: 'assignQueue', queueId, reason } },
});
const handedOver = (reason: 'queued' | 'option' | 'exit' | 'timeSendQueue' | 'outOfHours' | 'attendant' | 'attempts' = 'queued'): BotEvent => ({
  type: 'BotHandedOver',
  data: { ticketId: 7, reason, at },
});
/** The journal of a ticket the menu put in Vendas (no chatbot tree): placed, then handed over to wait there. */
const routedToSales = [menuShown('queues'), placed(1), handedOver('queued')];
const assigned = (userId: number): BotEvent[] => [
  { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'assignUser', userId, queueId: 1, reason: 'random' } } },
];

describe('userRandom: the drawn number names one online user', () => {
  it.each([
    { draw: 0, expected: 5 },
    { draw: 0.33, expected: 5 },
    { draw: 0.34, expected: 9 },
    { draw: 0.66, expected: 9 },
    { draw: 0.67, expected: 12 },
    { draw: 0.999999, expected: 12 },
  ])('draw $draw among users 12, 5 and 9 (in id order) names $expected', ({ draw, expected }) => {
    expect(pickRandomUser([12, 5, 9], draw)).toBe(expected);
  });

  it('names nobody when nobody is online, counts a user listed twice once, and keeps a draw out of range inside the list', () => {
    expect(pickRandomUser([], 0.5)).toBeNull();
    expect(pickRandomUser([5, 5, 9], 0.6)).toBe(9);
    expect(pickRandomUser([5, 9], 1)).toBe(9);
    expect(pickRandomUser([5, 9], -1)).toBe(5);
    expect(pickRandomUser([5, 9], Number.NaN)).toBe(5);
  });
});

describe('userRandom: when the bot gives the ticket to a random online user', () => {
  it('given a ticket the menu routed into a queue, when userRandom is on, then the drawn user of that queue is assigned', () => {
    spec(ticketBot)
      .given(routedToSales)
      .when({ type: 'RouteRandomUser', input: input({ draw: 0.9 }) }, MORNING)
      .then(assigned(12));
  });

  it('the same journal and the same draw always give the same user; another draw may give another', () => {
    const bot = botAfter(routedToSales);
    expect(routeRandomUser(bot, input({ draw: 0.1 }))).toEqual(routeRandomUser(bot, input({ draw: 0.1 })));
    expect(routeRandomUser(bot, input({ draw: 0.1 }))[0]).toMatchObject({ change: { userId: 5 } });
    expect(routeRandomUser(bot, input({ draw: 0.5 }))[0]).toMatchObject({ change: { userId: 9 } });
  });

  it('follows every way the bot routes: the only queue, a chatbot queue option, leaving the tree with #, and timeSendQueue', () => {
    // The only queue: the bot places the ticket and hands over in one decision.
    const only = botAfter(ticketBot.decide(botAfter([]), { type: 'RouteInbound', input: inbound('oi', { queues: [sales] }) }, { now: MORNING }));
    expect(only).toMatchObject({ queueId: 1, handedOver: { reason: 'queued' } });
    expect(routeRandomUser(only, input())).toHaveLength(1);

    // A chatbot option of Suporte sends the ticket to Financeiro (queue 3).
    const inTree = [menuShown('queues'), placed(2), menuShown('options', 1, { queueId: 2 })];
    const moved = [...inTree, ...ticketBot.decide(botAfter(inTree), { type: 'RouteInbound', input: inbound('3') }, { now: MORNING })];
    expect(botAfter(moved)).toMatchObject({ queueId: 3, menu: null });
    const finance = queue(3, 'Financeiro');
    expect(routeRandomUser(botAfter(moved), input({ queue: finance, ticket: { ...waiting, queueId: 2 } }))).toEqual([
      { type: 'changeTicket', change: { kind: 'assignUser', userId: 9, queueId: 3, reason: 'random' } },
    ]);

    // The contact leaves the tree of Suporte: the ticket waits in Suporte for a person.
    const left = botAfter([...inTree, handedOver('exit')]);
    expect(routeRandomUser(left, input({ queue: support, ticket: { ...waiting, queueId: 2 } }))[0]).toMatchObject({ change: { queueId: 2 } });

    // timeSendQueue moves a ticket the bot had given up on (no new hand-over) to the fallback queue.
    const gaveUp = [menuShown('queues'), handedOver('attempts')];
    const fallback = routeSendQueue(botAfter(gaveUp), {
      clock: { now: later(MORNING, 10), timeZone: TZ },
      ticket: { ...waiting, queueId: null },
      connection: connection({ timeSendQueue: 5, sendIdQueue: 1 }),
      waitingSince: MORNING.toISOString(),
    });
    const afterFallback = [
      ...gaveUp,
      ...fallback.flatMap((action) =>
        action.type === 'changeTicket' ? [{ type: 'BotTicketChangeDecided' as const, data: { ticketId: 7, change: action.change } }] : [],
      ),
    ];
    expect(routeRandomUser(botAfter(afterFallback), input({ ticket: { ...waiting, queueId: null } }))).toHaveLength(1);
  });

  it('does nothing with userRandom off', () => {
    spec(ticketBot)
      .given(routedToSales)
      .when({ type: 'RouteRandomUser', input: input({ settings: defaultCompanySettings }) })
      .then([]);
  });

  it('leaves a queue with rotation (ativarRoteador) to its turn order', () => {
    expect(routeRandomUser(botAfter(routedToSales), input({ queue: { ...sales, ativarRoteador: true } }))).toEqual([]);
  });

  it('waits while the bot still asks (the queue’s chatbot tree is shown) and assigns once the walk ends', () => {
    const inTree = [menuShown('queues'), placed(2), menuShown('options', 1, { queueId: 2 })];
    expect(routeRandomUser(botAfter(inTree), input({ queue: support }))).toEqual([]);
    expect(routeRandomUser(botAfter([...inTree, handedOver('option')]), input({ queue: support }))).toHaveLength(1);
  });

  it('assigns once per placement: not after an attendent option or an earlier random pick, again after a new queue', () => {
    const attendent: BotEvent = {
      type: 'BotTicketChangeDecided',
      data: { ticketId: 7, change: { kind: 'assignUser', userId: 9, queueId: 2, reason: 'chatbot' } },
    };
    expect(routeRandomUser(botAfter([menuShown('queues'), placed(2), attendent, handedOver('option')]), input({ queue: support }))).toEqual([]);
    spec(ticketBot)
      .given([...routedToSales, ...assigned(12)])
      .when({ type: 'RouteRandomUser', input: input() })
      .then([]);
    expect(
      routeRandomUser(botAfter([...routedToSales, ...assigned(12), placed(2, 'timeSendQueue'), handedOver('timeSendQueue')]), input({ queue: support })),
    ).toHaveLength(1);
  });

  it('does nothing out of hours, after an attendant took over, or when the bot placed the ticket in no queue', () => {
    expect(routeRandomUser(botAfter([menuShown('queues'), placed(1), handedOver('outOfHours')]), input())).toEqual([]);
    expect(routeRandomUser(botAfter([menuShown('queues'), placed(1), handedOver('attendant')]), input())).toEqual([]);
    expect(routeRandomUser(botAfter([menuShown('queues'), handedOver('attempts')]), input())).toEqual([]);
    // The queue of the queue-hours rule really is closed: the journal says outOfHours.
    const closedQueue = queue(1, 'Vendas', { schedules: schedule({ startTimeA: '08:00', endTimeA: '18:00' }) });
    const night = ticketBot.decide(
      botAfter([menuShown('queues')]),
      { type: 'RouteInbound', input: inbound('1', { queues: [closedQueue, support], settings: { ...ON, scheduleType: 'queue' } }, NIGHT) },
      { now: NIGHT },
    );
    expect(
      routeRandomUser(
        botAfter([menuShown('queues'), ...night]),
        input({ queue: closedQueue, clock: { now: NIGHT, timeZone: TZ }, routedAt: NIGHT.toISOString() }),
      ),
    ).toEqual([]);
  });

  it('does nothing when nobody of the queue is online, the ticket was taken or closed, the queue was deleted or swapped, or it is a group', () => {
    const bot = botAfter(routedToSales);
    expect(routeRandomUser(bot, input({ onlineUserIds: [] }))).toEqual([]);
    expect(routeRandomUser(bot, input({ ticket: { ...waiting, status: 'open', userId: 4 } }))).toEqual([]);
    expect(routeRandomUser(bot, input({ ticket: { ...waiting, status: 'closed' } }))).toEqual([]);
    expect(routeRandomUser(bot, input({ queue: null }))).toEqual([]);
    expect(routeRandomUser(bot, input({ queue: support }))).toEqual([]);
    expect(routeRandomUser(bot, input({ ticket: { ...waiting, isGroup: true } }))).toEqual([]);
  });

  it('reads a ticket whose consent answer has not reached it yet (status lgpd) as waiting', () => {
    expect(routeRandomUser(botAfter(routedToSales), input({ ticket: { ...waiting, status: 'lgpd' } }))).toHaveLength(1);
  });

  it('gives nobody a ticket routed long ago (a journal read again from its start)', () => {
    expect(routeRandomUser(botAfter(routedToSales), input({ clock: { now: later(MORNING, 61), timeZone: TZ } }))).toEqual([]);
    expect(routeRandomUser(botAfter(routedToSales), input({ clock: { now: later(MORNING, 59), timeZone: TZ } }))).toHaveLength(1);
  });

  it('the command decides at the moment it is appended', () => {
    spec(ticketBot)
      .given(routedToSales)
      .when({ type: 'RouteRandomUser', input: input({ clock: { now: MORNING, timeZone: TZ } }) }, later(MORNING, 90))
      .then([]);
  });
});
