import type { RecordedEvent } from '@conversa/contracts';
import { type Kysely, sql } from 'kysely';
import type { ReadDatabase } from '../database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../index';
import { migrateMessages } from './migration';
import { messagesProjector } from './projector';
import { findMessage, listMessages, MESSAGES_PAGE_SIZE } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

/**
 * The queue a message was written in (read.messages.queue_id) and GET /messages' selectedQueues
 * filter, against a real Postgres.
 */
let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;

const COMPANY = 4;
const SALES = 11;
const SUPPORT = 12;

const recorded = eventRecorder({ companyId: COMPANY });

const apply = (events: RecordedEvent[]) => project(db, messagesProjector, events);

const uuid = (n: number) => `0190a5e0-0000-7000-8000-${String(n).padStart(12, '0')}`;
/** `queueId` undefined: an event recorded before messages carried their queue. */
const content = (n: number, ticketId: number, queueId: number | null | undefined) => ({
  messageId: uuid(n),
  ticketId,
  contactId: 9,
  whatsappId: 3,
  body: `mensagem ${n}`,
  mediaType: 'chat',
  media: null,
  location: null,
  quotedMessageId: null,
  ...(queueId === undefined ? {} : { queueId }),
});
const minute = (n: number) => new Date(Date.UTC(2026, 4, 1, 10, n)).toISOString();
const received = (n: number, ticketId: number, queueId: number | null | undefined, companyId = COMPANY) =>
  recorded('MessageReceived', { ...content(n, ticketId, queueId), providerId: `P${n}`, participant: null, receivedAt: minute(n) }, companyId);
const queued = (n: number, ticketId: number, queueId: number | null | undefined) =>
  recorded('MessageQueued', { ...content(n, ticketId, queueId), userId: 4, isPrivate: false, isForwarded: false, queuedAt: minute(n) });

const bodies = (page: { messages: Array<{ body: string }> }) => page.messages.map((message) => message.body);

beforeAll(async () => {
  ({ db, close } = await readDatabase('messagequeues', projectors));
});
afterAll(() => close?.());

describe('messages read model: the queue a message was written in', () => {
  it('records each message’s queue from its event, in one batch of mixed old and new events; events without one read as null', async () => {
    // One run of inserts: the multi-row insert takes rows with and without a queue together.
    await apply([received(1, 70, undefined), received(2, 70, null), queued(3, 70, SALES), received(4, 70, SUPPORT)]);
    expect((await findMessage(db, COMPANY, uuid(1)))?.queueId).toBeNull();
    expect((await findMessage(db, COMPANY, uuid(2)))?.queueId).toBeNull();
    expect((await findMessage(db, COMPANY, uuid(3)))?.queueId).toBe(SALES);
    expect((await findMessage(db, COMPANY, uuid(4)))?.queueId).toBe(SUPPORT);
    // Replayed, nothing changes: the first write of a message stands.
    await apply([received(4, 70, SALES)]);
    expect((await findMessage(db, COMPANY, uuid(4)))?.queueId).toBe(SUPPORT);
  });

  it('frames carry the queue, so a screen can tell whose part of the conversation a live message is', async () => {
    await db.transaction().execute((trx) =>
      projectors
        .find((projector) => projector.name === 'tickets')!
        .handle(trx, [
          recorded('TicketCreated', {
            ticketId: 71,
            uuid: '6c1f0000-0000-4000-8000-000000000071',
            contactId: 9,
            whatsappId: 3,
            queueId: SALES,
            userId: 4,
            status: 'open',
            isGroup: false,
            channel: 'whatsapp',
          }),
        ]),
    );
    const frames = await apply([queued(5, 71, SALES)]);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ entity: 'appMessage', data: { message: { id: uuid(5), queueId: SALES } } });
  });

  it('selectedQueues: a ticket moved from Vendas to Suporte lists, for Suporte, its messages and the queueless ones; count and hasMore follow', async () => {
    const ticketId = 72;
    // Before any queue (the bot's greeting and the contact's choice), then 3 in Vendas, then 22 in Suporte.
    const history = [received(100, ticketId, null), queued(101, ticketId, null)];
    for (let n = 102; n < 105; n++) history.push(received(n, ticketId, SALES));
    for (let n = 105; n < 127; n++) history.push(n % 2 === 0 ? received(n, ticketId, SUPPORT) : queued(n, ticketId, SUPPORT));
    await apply(history);

    const everything = await listMessages(db, COMPANY, ticketId, 1);
    expect(everything).toMatchObject({ count: 27, hasMore: true });

    const supportFirst = await listMessages(db, COMPANY, ticketId, 1, { queueIds: [SUPPORT] });
    expect(supportFirst.count).toBe(24);
    expect(supportFirst.hasMore).toBe(true);
    expect(supportFirst.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(supportFirst.messages.every((message) => message.queueId === SUPPORT)).toBe(true);
    const supportSecond = await listMessages(db, COMPANY, ticketId, 2, { queueIds: [SUPPORT] });
    expect(supportSecond.hasMore).toBe(false);
    // The page before Suporte's newest 20: the queueless start and Suporte's first two, oldest first.
    expect(bodies(supportSecond)).toEqual(['mensagem 100', 'mensagem 101', 'mensagem 105', 'mensagem 106']);

    const sales = await listMessages(db, COMPANY, ticketId, 1, { queueIds: [SALES] });
    expect(sales).toMatchObject({ count: 5, hasMore: false });
    expect(bodies(sales)).toEqual(['mensagem 100', 'mensagem 101', 'mensagem 102', 'mensagem 103', 'mensagem 104']);

    const both = await listMessages(db, COMPANY, ticketId, 2, { queueIds: [SUPPORT, SALES] });
    expect(both).toMatchObject({ count: 27, hasMore: false });
    expect(both.messages).toHaveLength(7);

    // A queue the ticket never was in: only what belongs to no queue.
    expect(bodies(await listMessages(db, COMPANY, ticketId, 1, { queueIds: [999] }))).toEqual(['mensagem 100', 'mensagem 101']);
    // An empty list keeps only the queueless messages (the route reads an empty selection as "no filter" before it gets here).
    expect((await listMessages(db, COMPANY, ticketId, 1, { queueIds: [] })).count).toBe(2);
  });

  it('keeps companies apart with the filter too', async () => {
    await apply([received(200, 72, SUPPORT, 5)]);
    expect(await listMessages(db, 5, 72, 1, { queueIds: [SUPPORT] })).toMatchObject({ count: 1, messages: [{ id: uuid(200) }] });
    expect((await listMessages(db, COMPANY, 72, 1, { queueIds: [SUPPORT] })).messages.map((message) => message.id)).not.toContain(uuid(200));
  });

  it('adds the column to a table written before it, in place: existing rows keep their data and read as queueless', async () => {
    const { db: older, close: closeOlder } = await readDatabase<ReadDatabase>('messagequeuesold', [{ migrate: migrateMessages }]);
    try {
      await sql`alter table read.messages drop column queue_id`.execute(older);
      await older
        .insertInto('read.messages')
        .values({
          id: uuid(300),
          company_id: COMPANY,
          ticket_id: 80,
          contact_id: 9,
          whatsapp_id: null,
          from_me: false,
          body: 'antes',
          media_type: 'chat',
          read: false,
          created_at: minute(1),
          updated_at: minute(1),
        })
        .execute();
      await migrateMessages(older);
      await migrateMessages(older);
      const { rows } = await sql<{
        description: string;
      }>`select col_description('read.messages'::regclass, attnum) as description from pg_attribute where attrelid = 'read.messages'::regclass and attname = 'queue_id'`.execute(
        older,
      );
      expect(rows[0]?.description).toContain('selectedQueues');
      expect(await findMessage(older, COMPANY, uuid(300))).toMatchObject({ body: 'antes', queueId: null });
      expect(await listMessages(older, COMPANY, 80, 1, { queueIds: [SALES] })).toMatchObject({ count: 1, hasMore: false });
    } finally {
      await closeOlder();
    }
  });
});
