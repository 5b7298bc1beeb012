import type { RecordedEvent } from '@conversa/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsProjector } from '../contacts/projector';
import type { ReadDatabase } from '../database';
import { projectors } from '../index';
import { ticketNotesProjector } from '../notes/projector';
import { schedulesProjector } from '../schedules/projector';
import { eventRecorder, project, readDatabase } from '../testing';
import { ticketsProjector } from '../tickets/projector';
import { findTicketsById } from '../tickets/queries';
import { messagesProjector } from './projector';

/**
 * LGPD erasure on the read side (ContactErased): each read model that holds the contact's personal data scrubs it,
 * remembers the contact for what is still in flight, and a replay from zero gives the same rows.
 */
const affected = [contactsProjector, ticketsProjector, messagesProjector, ticketNotesProjector, schedulesProjector];
const uuid = (n: number) => `0190a5e0-0000-7000-8000-${String(n).padStart(12, '0')}`;

function history(): RecordedEvent[] {
  const recorded = eventRecorder();
  const content = (n: number, contactId: number, ticketId: number, body: string) => ({
    messageId: uuid(n),
    ticketId,
    contactId,
    whatsappId: 3,
    body,
    mediaType: n === 2 ? 'image' : 'chat',
    media: n === 2 ? { url: '/media/2/foto-zq.jpg', name: 'RG da Zuleica.jpg', mime: 'image/jpeg', size: 10 } : null,
    location: n === 3 ? { latitude: -23.5, longitude: -46.6, name: 'Casa da Zuleica' } : null,
    quotedMessageId: null,
  });
  const received = (n: number, contactId: number, ticketId: number, body: string) =>
    recorded('MessageReceived', {
      ...content(n, contactId, ticketId, body),
      providerId: `P${n}`,
      participant: null,
      receivedAt: `2026-05-01T10:0${n}:00.000Z`,
    });
  const created = (contactId: number, name: string, number: string) =>
    recorded('ContactCreated', {
      contactId,
      name,
      number,
      email: `${name.toLowerCase()}@example.com`,
      profilePicUrl: null,
      extraInfo: name === 'Zuleica' ? [{ name: 'CPF', value: '987.654.321-00' }] : [],
      channel: 'whatsapp',
      isGroup: false,
      disableBot: false,
      acceptAudioMessage: true,
      active: true,
    });
  const ticket = (ticketId: number, contactId: number) =>
    recorded('TicketCreated', {
      ticketId,
      uuid: `6c1f0000-0000-4000-8000-00000000000${ticketId}`,
      contactId,
      whatsappId: 3,
      queueId: null,
      userId: 4,
      status: 'open',
      isGroup: false,
      channel: 'whatsapp',
    });
  return [
    created(9, 'Zuleica', '5511933337777'),
    created(10, 'Outra', '5511933338888'),
    ticket(7, 9),
    ticket(8, 10),
    received(1, 9, 7, 'Meu CPF é 987.654.321-00'),
    received(2, 9, 7, 'legenda da Zuleica'),
    received(3, 9, 7, ''),
    received(4, 10, 8, 'mensagem da outra'),
    recorded('TicketNoteAdded', { noteId: 1, ticketId: 7, contactId: 9, userId: 4, note: 'Zuleica pediu boleto' }),
    recorded('ScheduleCreated', { scheduleId: 1, ticketId: 7, contactId: 9, body: 'Lembrete para Zuleica', sendAt: '2026-06-01T10:00:00.000Z', userId: 4 }),
    recorded('ContactErased', { contactId: 9, erasedBy: 4, reason: 'Pedido do titular', erasedAt: '2026-05-02T10:00:00.000Z' }),
    // In flight at the erasure: a message that lands after it, and an edit of an erased one.
    received(5, 9, 7, 'Zuleica de novo'),
    recorded('MessageEdited', { messageId: uuid(1), body: 'Zuleica editou', previousBody: '', editedAt: '2026-05-02T10:01:00.000Z' }),
  ];
}

async function rows(db: Kysely<ReadDatabase>): Promise<string[]> {
  const tables = ['read.contacts', 'read.tickets', 'read.messages', 'read.ticket_notes', 'read.schedules', 'read.erased_contacts', 'read.erased_media'];
  const all: string[] = [];
  for (const table of tables) {
    const found = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t order by 1`.execute(db);
    all.push(...found.rows.map(({ row }) => `${table} ${row.replace(/"?\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[.\d+:]*"?/g, 'T')}`));
  }
  return all;
}

let live: { db: Kysely<ReadDatabase>; close: () => Promise<void> };
let replayed: { db: Kysely<ReadDatabase>; close: () => Promise<void> };

beforeAll(async () => {
  live = await readDatabase('erasure', projectors);
  replayed = await readDatabase('erasure-replay', projectors);
  const events = history();
  // Live: one batch per event, as a busy runtime would; replayed: everything in one batch per read model.
  for (const event of events)
    for (const projector of affected) if ((projector.eventTypes as readonly string[]).includes(event.type)) await project(live.db, projector, [event]);
  for (const projector of affected)
    await project(
      replayed.db,
      projector,
      events.filter((event) => (projector.eventTypes as readonly string[]).includes(event.type)),
    );
});
afterAll(async () => {
  await live?.close();
  await replayed?.close();
});

describe('ContactErased on the read side', () => {
  it('keeps nothing personal of the erased contact in any of its read tables, and the other contact untouched', async () => {
    // read.erased_media is the media-erasure worker's queue of file addresses, emptied as it deletes them.
    const text = (await rows(live.db)).filter((row) => !row.startsWith('read.erased_media')).join('\n');
    for (const needle of ['Zuleica', '5511933337777', '987.654.321', 'foto-zq', 'zuleica@example.com', '-23.5']) expect(text, needle).not.toContain(needle);
    expect(text).toContain('mensagem da outra');
    expect(text).toContain('5511933338888');
  });

  it('keeps the tickets and messages as marks: the contact shown as erased, every message of it without content', async () => {
    const [ticket] = await findTicketsById(live.db, [7]);
    expect(ticket).toMatchObject({ contactId: 9, lastMessage: '', contact: { id: 9, erased: true, name: '', number: '' } });
    const messages = await live.db
      .selectFrom('read.messages')
      .select(['id', 'body', 'media_url', 'media_name', 'location', 'content_erased'])
      .where('contact_id', '=', 9)
      .orderBy('id')
      .execute();
    expect(messages.map((row) => row.id)).toEqual([uuid(1), uuid(2), uuid(3), uuid(5)]);
    for (const row of messages) expect(row).toMatchObject({ body: '', media_url: null, media_name: null, location: null, content_erased: true });
    const contact = await live.db.selectFrom('read.contacts').selectAll().where('id', '=', 9).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: '', number: '', email: '', extra_info: [], erased: true, deleted: true });
    // The file is queued for the media-erasure worker; the note and the scheduled message are gone.
    expect(await live.db.selectFrom('read.erased_media').selectAll().execute()).toEqual([{ company_id: 2, media_url: '/media/2/foto-zq.jpg' }]);
    expect(await live.db.selectFrom('read.ticket_notes').selectAll().execute()).toEqual([]);
    expect(await live.db.selectFrom('read.schedules').selectAll().execute()).toEqual([]);
  });

  it('a replay from zero gives the same rows as the live batches', async () => {
    expect(await rows(replayed.db)).toEqual(await rows(live.db));
  });
});
