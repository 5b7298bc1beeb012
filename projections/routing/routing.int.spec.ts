import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routingProjector } from './projector';
import { connectionsWith, idleAttendedTickets, ratingsAskedBefore, ticketClocks, ticketsWaitingSince, waitingGroups, waitingInQueues } from './queries';
import { readDatabase } from '../testing';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;
let position = 0n;

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute)).toISOString();
const recorded = (
  type: string,
  data: Record<string, unknown>,
  minute: number,
  actor: RecordedEvent['metadata']['actor'] = { kind: 'system', id: 't' },
): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: 'test',
    revision: 0,
    type,
    data,
    metadata: { companyId: 2, actor, correlationId: 'c', causationId: 'c', occurredAt: at(minute), schemaVersion: 1, prevHash: null, hash: 'h' },
    position: { commit: position, prepare: position },
    createdAt: new Date(),
  };
};
const created = (ticketId: number, minute: number, extra: Record<string, unknown> = {}) =>
  recorded(
    'TicketCreated',
    {
      ticketId,
      uuid: '0b6f6f8e-4a55-4c2a-9d1e-3f0a5e7c9b21',
      contactId: 30 + ticketId,
      whatsappId: 4,
      queueId: null,
      userId: null,
      status: 'pending',
      isGroup: false,
      channel: 'sandbox',
      ...extra,
    },
    minute,
  );
const message = (type: 'MessageReceived' | 'MessageQueued', ticketId: number, minute: number, extra: Record<string, unknown> = {}) =>
  recorded(
    type,
    { messageId: `m-${position}`, ticketId, contactId: 30 + ticketId, whatsappId: 4, body: 'oi', userId: null, isPrivate: false, ...extra },
    minute,
  );

const apply = (events: RecordedEvent[]) => db.transaction().execute((trx) => routingProjector.handle(trx, events));

beforeAll(async () => {
  ({ db, close } = await readDatabase('routing', [routingProjector]));
});
afterAll(() => close?.());

describe('routing projection (read.ticket_routing)', () => {
  const history = [
    // 1: waits without a queue, gets one from the bot, then an attendant takes it and talks.
    created(1, 0),
    message('MessageReceived', 1, 1),
    recorded('TicketQueueAssigned', { ticketId: 1, queueId: 7, reason: 'menu' }, 2),
    recorded('TicketAccepted', { ticketId: 1, userId: 5, queueId: 7, status: 'open' }, 10),
    message('MessageQueued', 1, 11, { userId: 5 }),
    // the bot's own message and a private note keep nobody awake
    message('MessageQueued', 1, 20),
    message('MessageQueued', 1, 21, { userId: 5, isPrivate: true }),
    // 2: waits in queue 7; 3: waits with no queue; 4: resolved and asked for a rating.
    created(2, 3, { queueId: 7 }),
    created(3, 4),
    created(4, 0, { status: 'open', userId: 5, queueId: 7 }),
    recorded('TicketClosed', { ticketId: 4, userId: 5, farewell: true, reason: 'resolved' }, 5),
    recorded('TicketRatingRequested', { ticketId: 4 }, 6),
  ];

  it('keeps each ticket’s clocks, counting only contacts’ and attendants’ messages, and replays to the same rows', async () => {
    await apply(history);
    const first = await ticketClocks(db, 1);
    expect(first).toMatchObject({
      status: 'open',
      queueId: 7,
      userId: 5,
      openedAt: at(10),
      waitingSince: null,
      lastContactMessageAt: at(1),
      lastMessageAt: at(11),
    });
    expect(await ticketClocks(db, 2)).toMatchObject({ status: 'pending', waitingSince: at(3) });
    expect(await ticketClocks(db, 4)).toMatchObject({ status: 'nps', ratingRequestedAt: at(6) });

    await apply(history);
    expect(await ticketClocks(db, 1)).toEqual(first);
  });

  it('finds what the timers look for', async () => {
    expect((await connectionsWith(db, 'open')).map((row) => row.whatsappId)).toEqual([4]);
    // From the contact's last message (minute 1) but never before the attendant took it (minute 10); from anyone's: minute 11.
    expect((await idleAttendedTickets(db, 4, new Date(at(10)), true, 10)).map((row) => row.ticketId)).toEqual([1]);
    expect(await idleAttendedTickets(db, 4, new Date(at(10)), false, 10)).toEqual([]);
    expect((await ratingsAskedBefore(db, 4, new Date(at(6)), 10)).map((row) => row.ticketId)).toEqual([4]);
    expect(await ratingsAskedBefore(db, 4, new Date(at(5)), 10)).toEqual([]);
    expect(await waitingGroups(db)).toEqual(
      expect.arrayContaining([
        { companyId: 2, whatsappId: 4, queueId: 7 },
        { companyId: 2, whatsappId: 4, queueId: null },
      ]),
    );
    expect((await ticketsWaitingSince(db, { companyId: 2, queueId: null, whatsappId: 4 }, new Date(at(4)), 10)).map((row) => row.ticketId)).toEqual([3]);
    expect(await waitingInQueues(db, 2, [7], 99)).toEqual({ 7: 1 });
    expect(await waitingInQueues(db, 2, [7], 2)).toEqual({});
  });

  it('follows the ticket out of the waiting and attended lists', async () => {
    await apply([
      recorded('TicketTransferred', { ticketId: 2, from: { userId: null, queueId: 7 }, to: { userId: 6, queueId: 7 }, status: 'open' }, 30),
      recorded('TicketRated', { ticketId: 4, rating: 5 }, 31),
      recorded('TicketClosed', { ticketId: 1, userId: 5, farewell: false, reason: 'automation' }, 32),
    ]);
    expect(await waitingInQueues(db, 2, [7], 99)).toEqual({});
    expect(await ticketClocks(db, 2)).toMatchObject({ status: 'open', userId: 6, openedAt: at(30), waitingSince: null });
    expect(await ticketClocks(db, 4)).toMatchObject({ status: 'closed' });
    expect((await connectionsWith(db, 'open')).length).toBe(1);
    expect(await idleAttendedTickets(db, 4, new Date(at(40)), true, 10)).toEqual([expect.objectContaining({ ticketId: 2 })]);
  });
});
