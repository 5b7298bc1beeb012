import type { RecordedEvent } from '@conversa/contracts';
import { type Kysely, sql } from 'kysely';
import type { ReadDatabase } from '../database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../index';
import { ticketsProjector } from '../tickets/projector';
import { messagesProjector } from './projector';
import { findMessage, listMessages, messageIdByProviderId, ticketMedia } from './queries';
import { project, readDatabase } from '../testing';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;
let position = 0n;

const recorded = (type: string, data: unknown, options: { companyId?: number; createdAt?: Date } = {}): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: 'test',
    revision: 0,
    type,
    data,
    metadata: {
      companyId: options.companyId ?? 2,
      actor: { kind: 'system', id: 't' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt: '2026-05-01T12:00:00.000Z',
      schemaVersion: 1,
      prevHash: null,
      hash: 'h',
    },
    position: { commit: position, prepare: position },
    createdAt: options.createdAt ?? new Date(),
  };
};

/** Applies a batch as the runtime does: writes in a transaction, then the frames from the committed rows. */
const apply = (events: RecordedEvent[]) => project(db, messagesProjector, events);

const uuid = (n: number) => `0190a5e0-0000-7000-8000-${String(n).padStart(12, '0')}`;
const content = (n: number, ticketId = 7) => ({
  messageId: uuid(n),
  ticketId,
  contactId: 9,
  whatsappId: 3,
  body: `mensagem ${n}`,
  mediaType: 'chat',
  media: null,
  location: null,
  quotedMessageId: null,
});
const queued = (n: number, at: string, ticketId = 7) =>
  recorded('MessageQueued', { ...content(n, ticketId), userId: 4, isPrivate: false, isForwarded: false, queuedAt: at });
const received = (n: number, at: string, ticketId = 7) =>
  recorded('MessageReceived', { ...content(n, ticketId), providerId: `P${n}`, participant: null, receivedAt: at });

beforeAll(async () => {
  ({ db, close } = await readDatabase('messages', projectors));
  await db.transaction().execute((trx) =>
    ticketsProjector.handle(trx, [
      recorded('TicketCreated', {
        ticketId: 7,
        uuid: '6c1f0000-0000-4000-8000-000000000007',
        contactId: 9,
        whatsappId: 3,
        queueId: null,
        userId: 4,
        status: 'open',
        isGroup: false,
        channel: 'whatsapp',
      }),
    ]),
  );
});
afterAll(() => close?.());

describe('messages projection', () => {
  it('replays to the same rows: a message is inserted once and its changes land once', async () => {
    const history = [
      queued(1, '2026-05-01T10:00:00.000Z'),
      recorded('MessageSent', { messageId: uuid(1), providerId: 'wamid.1' }),
      recorded('MessageAckChanged', { messageId: uuid(1), ack: 3 }),
      recorded('MessageEdited', { messageId: uuid(1), body: 'corrigida', previousBody: 'mensagem 1', editedAt: '2026-05-01T10:05:00.000Z' }),
    ];
    await apply(history);
    const first = await findMessage(db, 2, uuid(1));
    await apply(history);
    expect(await findMessage(db, 2, uuid(1))).toEqual(first);
    expect(first).toMatchObject({
      body: 'corrigida',
      isEdited: true,
      ack: 3,
      providerId: 'wamid.1',
      updatedAt: '2026-05-01T10:05:00.000Z',
      createdAt: '2026-05-01T10:00:00.000Z',
    });
    expect(await messageIdByProviderId(db, 2, 3, 'wamid.1')).toBe(uuid(1));
    expect(await messageIdByProviderId(db, 1, 3, 'wamid.1')).toBeUndefined();
  });

  it('never moves the ack back, even when the send result arrives after a receipt', async () => {
    await apply([
      queued(2, '2026-05-01T10:10:00.000Z'),
      recorded('MessageAckChanged', { messageId: uuid(2), ack: 2 }),
      recorded('MessageSent', { messageId: uuid(2), providerId: 'wamid.2' }),
    ]);
    await apply([recorded('MessageAckChanged', { messageId: uuid(2), ack: 1 })]);
    expect((await findMessage(db, 2, uuid(2)))?.ack).toBe(2);
  });

  it('publishes one appMessage frame per message, with the ticket the edge filters by', async () => {
    const changes = await apply([queued(3, '2026-05-01T10:20:00.000Z'), recorded('MessageSent', { messageId: uuid(3), providerId: 'wamid.3' })]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      companyId: 2,
      entity: 'appMessage',
      data: { action: 'create', message: { id: uuid(3), ack: 1 }, ticket: { id: 7, status: 'open' } },
    });
    const deleted = await apply([recorded('MessageDeleted', { messageId: uuid(3), by: 'user' })]);
    expect(deleted[0]).toMatchObject({ data: { action: 'delete', message: { id: uuid(3), isDeleted: true, deletedBy: 'user' } } });
  });

  it('lgpdDeleteMessage: a contact’s deletion recorded as erasing keeps only the mark; one recorded without keeps the text; a replay agrees', async () => {
    const picture = { url: '/media/2/0190a5e0-0000-7000-8000-0000000000aa.jpg', name: 'foto.jpg', mime: 'image/jpeg', size: 1234 };
    const erasedHistory = [
      recorded('MessageReceived', {
        ...content(30),
        body: 'meu CPF é 123',
        mediaType: 'image',
        media: picture,
        providerId: 'P30',
        participant: null,
        receivedAt: '2026-05-01T09:00:00.000Z',
      }),
      recorded('MessageDeleted', { messageId: uuid(30), by: 'contact', contentErased: true }),
    ];
    const keptHistory = [received(31, '2026-05-01T09:01:00.000Z'), recorded('MessageDeleted', { messageId: uuid(31), by: 'contact', contentErased: false })];
    // Recorded before the setting existed: nothing says to erase, so the text stays.
    const olderHistory = [received(32, '2026-05-01T09:02:00.000Z'), recorded('MessageDeleted', { messageId: uuid(32), by: 'contact' })];
    const frames = await apply([...erasedHistory, ...keptHistory, ...olderHistory]);
    const erased = await findMessage(db, 2, uuid(30));
    expect(erased).toMatchObject({
      isDeleted: true,
      deletedBy: 'contact',
      contentErased: true,
      body: '',
      mediaUrl: null,
      mediaName: null,
      mediaMime: null,
      mediaSize: null,
      location: null,
      mediaType: 'image',
    });
    expect(await findMessage(db, 2, uuid(31))).toMatchObject({ isDeleted: true, deletedBy: 'contact', contentErased: false, body: 'mensagem 31' });
    expect(await findMessage(db, 2, uuid(32))).toMatchObject({ isDeleted: true, contentErased: false, body: 'mensagem 32' });
    // The live frame carries the erased row, never the original.
    expect(JSON.stringify(frames.find((frame) => (frame.data as { message: { id: string } }).message.id === uuid(30)))).not.toContain('CPF');
    // Replayed from the start (whatever the company's setting is now), the same rows.
    await apply([...erasedHistory, ...keptHistory]);
    expect(await findMessage(db, 2, uuid(30))).toEqual(erased);
    expect(await findMessage(db, 2, uuid(31))).toMatchObject({ body: 'mensagem 31' });
    // Erased text is not found by ticket search nor listed in the drawer's tabs.
    expect((await sql<{ n: string }>`select count(*) as n from read.messages where body like '%CPF%'`.execute(db)).rows[0]!.n).toBe('0');
  });

  it('publishes nothing for a message whose ticket is not in the read model, without waiting on old history', async () => {
    const startedAt = Date.now();
    const changes = await apply([
      recorded(
        'MessageQueued',
        { ...content(4, 8), userId: 4, isPrivate: false, isForwarded: false, queuedAt: '2026-05-01T10:30:00.000Z' },
        { createdAt: new Date('2026-05-01T10:30:00.000Z') },
      ),
    ]);
    expect(changes).toEqual([]);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(await findMessage(db, 2, uuid(4))).toBeDefined();
  });

  it('marks the contact messages read up to the moment the attendant read them', async () => {
    await apply([received(5, '2026-05-01T11:00:00.000Z'), received(6, '2026-05-01T11:10:00.000Z')]);
    await apply([recorded('TicketMessagesRead', { ticketId: 7, userId: 4, upTo: '2026-05-01T11:05:00.000Z' })]);
    expect((await findMessage(db, 2, uuid(5)))?.read).toBe(true);
    expect((await findMessage(db, 2, uuid(6)))?.read).toBe(false);
    // Another company's read marks do not touch this company's rows.
    await apply([recorded('TicketMessagesRead', { ticketId: 7, userId: 4, upTo: '2026-05-01T12:00:00.000Z' }, { companyId: 5 })]);
    expect((await findMessage(db, 2, uuid(6)))?.read).toBe(false);
  });

  it('keeps companies apart in every query', async () => {
    expect(await findMessage(db, 5, uuid(1))).toBeUndefined();
    expect((await listMessages(db, 5, 7, 1)).count).toBe(0);
    expect(await ticketMedia(db, 5, 7)).toEqual({ media: [], documents: [], links: [], calls: [] });
  });

  it('uses the paging index for a ticket page', async () => {
    await sql`analyze read.messages`.execute(db);
    // A handful of rows: tell the planner a scan is out of the question, as it is for a real ticket table.
    const { rows } = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{
        'QUERY PLAN': string;
      }>`explain select * from read.messages where company_id = 2 and ticket_id = 7 order by created_at desc, id desc limit 20`.execute(trx);
    });
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('messages_ticket');
  });
});
