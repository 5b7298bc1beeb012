import { BOT_ACTOR, type RecordedEvent } from '@conversa/contracts';
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
  recorded('TicketCreated', {
    ticketId,
    uuid: uuid(ticketId),
    contactId: 9,
    whatsappId: 3,
    queueId: null,
    userId: null,
    status: 'pending',
    isGroup: false,
    channel: 'whatsapp',
  });
const received = (n: number, ticketId: number, body: string, at: string) =>
  recorded(
    'MessageReceived',
    {
      messageId: uuid(1000 + n),
      ticketId,
      contactId: 9,
      whatsappId: 3,
      body,
      mediaType: 'chat',
      media: null,
      location: null,
      quotedMessageId: null,
      providerId: `P${n}`,
      participant: null,
      receivedAt: at,
    },
    2,
    at,
  );

const queued = (n: number, ticketId: number, body: string, at: string, actor: RecordedEvent['metadata']['actor']) => {
  const event = recorded(
    'MessageQueued',
    {
      messageId: uuid(1000 + n),
      ticketId,
      contactId: 9,
      whatsappId: 3,
      body,
      mediaType: 'chat',
      media: null,
      location: null,
      quotedMessageId: null,
      userId: actor.kind === 'user' ? Number(actor.id) : null,
      isPrivate: false,
      isForwarded: false,
      queuedAt: at,
    },
    2,
    at,
  );
  return { ...event, metadata: { ...event.metadata, actor } };
};

beforeAll(async () => {
  ({ db, close } = await readDatabase('newest_message', projectors));
  await project(db, ticketsProjector, [ticket(1), ticket(2), ticket(3), ticket(4)]);
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

it("previews what the contact or a person wrote, never the bot's greeting, menu or queue position", async () => {
  await project(db, ticketsProjector, [
    received(10, 3, '*Ana*: quero _comprar_', '2026-05-01T12:01:00.000Z'),
    queued(11, 3, '\u200eOlá! Escolha um setor:\n\n*[ 1 ]* - Vendas', '2026-05-01T12:01:01.000Z', BOT_ACTOR),
  ]);
  // A batch of its own too: the bot's position message alone changes nothing.
  const frames = await project(db, ticketsProjector, [queued(12, 3, '\u200eVocê está na posição *1* da fila.', '2026-05-01T12:01:02.000Z', BOT_ACTOR)]);
  expect(frames).toEqual([]);
  expect((await findTicketsById(db, [3]))[0]).toMatchObject({
    lastMessage: '*Ana*: quero _comprar_',
    unreadMessages: 1,
    updatedAt: '2026-05-01T12:01:00.000Z',
  });
  // An attendant's answer is the preview again.
  await project(db, ticketsProjector, [queued(13, 3, 'Bom dia!', '2026-05-01T12:02:00.000Z', { kind: 'user', id: 4 })]);
  expect((await findTicketsById(db, [3]))[0]).toMatchObject({ lastMessage: 'Bom dia!', unreadMessages: 1 });
});

it('leaves no unread count on a closed ticket after the contact answers the rating question', async () => {
  await project(db, ticketsProjector, [
    recorded('TicketAccepted', { ticketId: 4, status: 'open', userId: 4, queueId: null }),
    recorded('TicketClosed', { ticketId: 4, userId: 4, farewell: false, reason: 'resolved' }),
    recorded('TicketRatingRequested', { ticketId: 4 }),
  ]);
  await project(db, ticketsProjector, [received(20, 4, '5', '2026-05-01T12:03:00.000Z'), recorded('TicketRated', { ticketId: 4, rating: 5 })]);
  // An answer that arrives once it is closed (a second try, a late 'obrigado') counts no more.
  await project(db, ticketsProjector, [received(21, 4, 'obrigado', '2026-05-01T12:04:00.000Z')]);
  expect((await findTicketsById(db, [4]))[0]).toMatchObject({ status: 'closed', lastMessage: 'obrigado', unreadMessages: 0 });
});
