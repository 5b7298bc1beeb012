import type { AppMessageFrame, RecordedEvent, RecordedProductEvent, TicketView } from '@conversa/contracts';
import { BACKGROUND_LINGER_MS, defineProjector, type ProjectionChange } from '@conversa/platform';
import { sql, type Insertable, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import type { ReadDatabase } from '../database';
import { findTicketsById, lastMessageIdsOf } from '../tickets/queries';
import { migrateMessages } from './migration';
import { findMessagesById } from './queries';
import type { MessagesTable } from './tables';

type Action = AppMessageFrame['action'];

const contentRow = (data: RecordedProductEvent<'MessageReceived' | 'MessageQueued'>['data']) => ({
  id: data.messageId,
  ticket_id: data.ticketId,
  contact_id: data.contactId,
  whatsapp_id: data.whatsappId,
  body: data.body,
  media_type: data.mediaType,
  media_url: data.media?.url ?? null,
  media_name: data.media?.name ?? null,
  media_mime: data.media?.mime ?? null,
  media_size: data.media?.size ?? null,
  location: data.location === null ? null : JSON.stringify(data.location),
  quoted_message_id: data.quotedMessageId,
  // Absent in events recorded before messages carried their queue: those stay shown to everyone.
  queue_id: data.queueId ?? null,
});

/**
 * lgpdDeleteMessage: what is left of a message the contact deleted while the setting was
 * on: the mark only. The event says whether it was on (MessageDeleted.contentErased), so a rebuild
 * erases the same messages whatever the setting is by then.
 */
const ERASED_CONTENT = { body: '', media_url: null, media_name: null, media_mime: null, media_size: null, location: null, content_erased: true };

/**
 * Retention (MessageContentsExpired): the company's messages written before `before` lose text,
 * caption, card, place and file; the contacts' files are listed for the retention-media reactor to
 * delete (an attendant's file may be a quick message's or a campaign's too: it stays). One set-based
 * update per run, no per-message frames: screens read the blanks on their next load.
 */
async function expireContents(trx: Transaction<ReadDatabase>, companyId: number, before: string): Promise<void> {
  const expiring = trx
    .selectFrom('read.messages')
    .where('company_id', '=', companyId)
    .where('created_at', '<', sql<Date>`${before}`)
    .where('content_expired', '=', false);
  await trx
    .insertInto('read.expired_media')
    .columns(['company_id', 'url', 'expired_before'])
    .expression(
      expiring
        .select([sql<number>`${companyId}::integer`.as('company_id'), sql<string>`media_url`.as('url'), sql<Date>`${before}::timestamptz`.as('expired_before')])
        .where('media_url', 'is not', null)
        .where('from_me', '=', false),
    )
    .onConflict((oc) => oc.columns(['company_id', 'url']).doNothing())
    .execute();
  await trx
    .updateTable('read.messages')
    .set({ body: '', media_url: null, media_name: null, media_mime: null, media_size: null, location: null, participant: null, content_expired: true })
    .where('company_id', '=', companyId)
    .where('created_at', '<', sql<Date>`${before}`)
    .where('content_expired', '=', false)
    .execute();
}

export const messagesProjector = defineProjector({
  name: 'messages',
  lingerMs: BACKGROUND_LINGER_MS,
  // 2: a contact's deletion under lgpdDeleteMessage erases the content.
  // ContactErased came without a version change: no log held one before it was handled.
  // queue_id came without a version change: a rebuild would read the same events, and those recorded
  // before messages carried their queue hold none, so it would write the same nulls after replaying
  // every message. The migration adds the column in place; new events fill it.
  version: 2,
  // MessageContentsExpired and ContactErased came without a version change: neither was recorded before they were handled.
  eventTypes: [
    'MessageReceived',
    'MessageQueued',
    'MessageSent',
    'MessageSendFailed',
    'MessageAckChanged',
    'MessageEdited',
    'MessageDeleted',
    'TicketMessagesRead',
    'MessageContentsExpired',
    'ContactErased',
  ],
  tables: ['read.messages', 'read.expired_media', 'read.erased_contacts', 'read.erased_media'],
  migrate: migrateMessages,
  async handle(trx: Transaction<ReadDatabase>, events) {
    /** What each message's frame says: the first action in the batch wins (created then edited is still a create). */
    const touched = new Map<string, { action: Action; at: Date }>();
    const touch = (messageId: string, action: Action, event: RecordedEvent) => {
      const earlier = touched.get(messageId);
      touched.set(messageId, { action: earlier?.action === 'create' ? 'create' : action, at: event.createdAt });
    };

    // New messages are written together (one multi-row insert per run of them), so a batch costs
    // a round trip per run, not per message; any other event flushes first, as it may touch them.
    let inserts: { row: Insertable<MessagesTable> & { id: string }; event: RecordedEvent }[] = [];
    const flush = async () => {
      if (inserts.length === 0) return;
      const pending = inserts;
      inserts = [];
      // A message that reaches an erased contact's ticket after the erasure (in flight then) keeps no content either.
      const erased = await erasedAmong(
        trx,
        pending.map(({ row }) => row.contact_id),
      );
      if (erased.size > 0) {
        const late = pending.filter((item) => erased.has(item.row.contact_id));
        const files = late.flatMap(({ row }) => (row.media_url ? [{ company_id: row.company_id, media_url: row.media_url }] : []));
        if (files.length > 0)
          await trx
            .insertInto('read.erased_media')
            .values(files)
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const item of late) item.row = { ...item.row, ...ERASED_CONTENT, participant: null };
      }
      const written = await trx
        .insertInto('read.messages')
        .values(pending.map(({ row }) => row))
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      const fresh = new Set(written.map((row) => row.id));
      for (const { row, event } of pending) if (fresh.has(row.id)) touch(row.id, 'create', event);
    };

    for (const event of events) {
      const { type, data } = event;
      const companyId = event.metadata.companyId;
      if (type === 'MessageReceived') {
        inserts.push({
          event,
          row: {
            ...contentRow(data),
            company_id: companyId,
            from_me: false,
            read: false,
            provider_id: data.providerId,
            participant: data.participant === null ? null : JSON.stringify(data.participant),
            created_at: data.receivedAt,
            updated_at: data.receivedAt,
          },
        });
        continue;
      }
      if (type === 'MessageQueued') {
        inserts.push({
          event,
          row: {
            ...contentRow(data),
            company_id: companyId,
            from_me: true,
            read: true,
            user_id: data.userId,
            is_private: data.isPrivate,
            is_forwarded: data.isForwarded,
            created_at: data.queuedAt,
            updated_at: data.queuedAt,
          },
        });
        continue;
      }
      await flush();
      const update = (messageId: string, changes: UpdateObject<ReadDatabase, 'read.messages'>) =>
        trx.updateTable('read.messages').set(changes).where('id', '=', messageId).where('company_id', '=', companyId).returning('id').executeTakeFirst();
      switch (type) {
        case 'MessageSent':
          if (await update(data.messageId, { provider_id: data.providerId, ack: sql`greatest(ack, 1)`, send_error: null }))
            touch(data.messageId, 'update', event);
          break;
        case 'MessageSendFailed':
          if (await update(data.messageId, { send_error: data.reason })) touch(data.messageId, 'update', event);
          break;
        case 'MessageAckChanged':
          if (await update(data.messageId, { ack: sql`greatest(ack, ${data.ack}::smallint)` })) touch(data.messageId, 'update', event);
          break;
        case 'MessageEdited': {
          // An erased message (LGPD) takes no new text.
          const edited = await trx
            .updateTable('read.messages')
            .set({ body: data.body, is_edited: true, updated_at: data.editedAt })
            .where('id', '=', data.messageId)
            .where('company_id', '=', companyId)
            .where('content_erased', '=', false)
            .returning('id')
            .executeTakeFirst();
          if (edited) touch(data.messageId, 'update', event);
          break;
        }
        case 'ContactErased':
          // LGPD erasure: every message of the contact's tickets, either way, keeps only its mark (the UI shows it as
          // removed); the contact is remembered for messages still in flight. No frame per message: the tickets' frames
          // tell the screens, which read the conversation again.
          await trx
            .insertInto('read.erased_contacts')
            .values({ contact_id: data.contactId, company_id: companyId, erased_at: data.erasedAt })
            .onConflict((oc) => oc.column('contact_id').doNothing())
            .execute();
          await sql`
            insert into read.erased_media (company_id, media_url)
            select distinct company_id, media_url from read.messages where contact_id = ${data.contactId} and company_id = ${companyId} and media_url is not null
            on conflict do nothing`.execute(trx);
          await trx
            .updateTable('read.messages')
            .set({ ...ERASED_CONTENT, participant: null })
            .where('contact_id', '=', data.contactId)
            .where('company_id', '=', companyId)
            .execute();
          break;
        case 'MessageDeleted':
          if (
            await update(data.messageId, {
              is_deleted: true,
              deleted_by: data.by,
              ...(data.by === 'contact' && data.contentErased === true ? ERASED_CONTENT : {}),
            })
          )
            touch(data.messageId, 'delete', event);
          break;
        case 'TicketMessagesRead':
          // The ticket's own unread count is the tickets read model's; here each inbound message is marked.
          await trx
            .updateTable('read.messages')
            .set({ read: true })
            .where('company_id', '=', companyId)
            .where('ticket_id', '=', data.ticketId)
            .where('from_me', '=', false)
            .where('read', '=', false)
            .where('created_at', '<=', sql<Date>`${data.upTo}`) // the event's ISO time, compared by Postgres as before
            .execute();
          break;
        case 'MessageContentsExpired':
          await expireContents(trx, data.companyId, data.before);
          break;
      }
    }
    await flush();
    return (db: Kysely<ReadDatabase>) => frames(db, touched);
  },
});

/** Which of these contacts were erased (LGPD): one look at a small table per run of new messages. */
async function erasedAmong(trx: Transaction<ReadDatabase>, contactIds: number[]): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('read.erased_contacts')
    .select('contact_id')
    .where('contact_id', '=', sql<number>`any(${[...new Set(contactIds)]}::int[])`)
    .execute();
  return new Set(rows.map((row) => row.contact_id));
}

/** One `appMessage` frame per touched message, with its ticket (for the edge's visibility rule) and contact. */
async function frames(db: Kysely<ReadDatabase>, touched: Map<string, { action: Action; at: Date }>): Promise<ProjectionChange[]> {
  const messages = await findMessagesById(db, [...touched.keys()]);
  const tickets = new Map((await findTicketsById(db, [...new Set(messages.map((message) => message.ticketId))])).map((ticket) => [ticket.id, ticket]));
  const contacts = new Map<number, TicketView['contact']>();
  for (const ticket of tickets.values()) if (ticket.contact) contacts.set(ticket.contactId, ticket.contact);
  // The tickets read model blanks the preview of an erased last message on its own time: this frame must not carry it meanwhile.
  const erasedTickets = [...new Set(messages.filter((message) => message.contentErased).map((message) => message.ticketId))];
  const lastMessageIds = await lastMessageIdsOf(db, erasedTickets);
  const changes: ProjectionChange[] = [];
  for (const message of messages) {
    const { action } = touched.get(message.id)!;
    const ticket = tickets.get(message.ticketId);
    // The edge shows a message only to who may see its ticket. A ticket deleted, or whose row the
    // tickets projector has not written yet (the first message of a new ticket), gets no live
    // message frame; the ticket's own frame carries that first message as its last message.
    if (!ticket || ticket.companyId !== message.companyId) continue;
    const shownTicket = message.contentErased && lastMessageIds.get(ticket.id) === message.id ? { ...ticket, lastMessage: '' } : ticket;
    const frame: AppMessageFrame = { action, message, ticket: shownTicket, contact: contacts.get(message.contactId) ?? ticket.contact };
    changes.push({ companyId: message.companyId, entity: 'appMessage', data: frame });
  }
  return changes;
}
