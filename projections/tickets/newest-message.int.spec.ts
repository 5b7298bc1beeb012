import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectors } from '../index';
import { eventRecorder, project, readDatabase } from '../testing';
import { ticketsProjector } from './projector';
import { findTicketsById } from './queries';

let db: Kysely<any>;
let close: () => Promise<void>;
const recorded = eventRecorder();
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ticket = (ticketId: number) =>
  recorded('TicketCreated', { ticketId, uuid: uuid(ticketId), contactId: 9, whatsappId: 3, queueId: null, userId: null, status: 'pending', isGroup: false, channel: 'whatsapp' });
const received = (n: number, ticketId: number, body: string, at: string) =>
  recorded('MessageReceived', { messageId: uuid(1000 + n), ticketId, contactId: 9, whatsappId: 3, body, mediaType: 'chat', media: null, location: null, quotedMessageId: null, providerId: `P${n}`, participant: null, receivedAt: at }, 2, at);

beforeAll(async () => {
  ({ db, close } = await readDatabase('newest_message', projectors));
  await project(db, ticketsProjector, [ticket(1), ticket(2)]);
});
afterAll(() => close?.());

it("applies a batch's messages to their tickets in one statement: newest preview, unread counted, any text as written", async () => {
  // Texts an array literal must escape: quotes, braces, commas, backslashes, the word NULL.
  const tricky = 'a "quoted" {brace}, back\\slash and NULL';
  const frames = await project(db, ticketsProjector, [
    received(1, 1, 'primeira', '2026-05-01T12:00:01.000Z'),
    received(2, 2, 'NULL', '2026-05-01T12:00:02.000Z'),
    received(3, 1, tricky, '2026-05-01T12:00:03.000Z'),
  ]);
  const [first, second] = await findTicketsById(db, [1, 2]);
  expect(first).toMatchObject({ id: 1, lastMessage: tricky, unreadMessages: 2, updatedAt: '2026-05-01T12:00:03.000Z' });
  expect(second).toMatchObject({ id: 2, lastMessage: 'NULL', unreadMessages: 1 });
  expect(frames.map((frame) => (frame.data as { ticket: { id: number; lastMessage: string } }).ticket)).toEqual([
    expect.objectContaining({ id: 1, lastMessage: tricky }),
    expect.objectContaining({ id: 2, lastMessage: 'NULL' }),
  ]);
  // A later batch with one message: the same prepared statement, a different number of rows.
  await project(db, ticketsProjector, [received(4, 2, 'outra', '2026-05-01T12:00:04.000Z')]);
  expect((await findTicketsById(db, [2]))[0]).toMatchObject({ lastMessage: 'outra', unreadMessages: 2 });
});
