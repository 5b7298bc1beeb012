import type { RecordedEvent } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/projector';
import { sql, type Transaction } from 'kysely';
import { findContact } from '../contacts/queries';
import { findTicket } from '../tickets/queries';
import { migrateMessages } from './migration';
import { findMessagesById } from './queries';

type Action = 'create' | 'update' | 'delete';

/**
 * The tickets read model is another projector: a message's ticket row may land a moment after the
 * message. Frames of fresh messages wait this long for it, since the edge shows an `appMessage`
 * frame only to users who may see its ticket; replayed history never waits.
 */
const TICKET_WAIT_MS = 2_000;
const TICKET_POLL_MS = 20;
const FRESH_MS = 60_000;

const contentRow = (data: any) => ({
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
});

export const messagesProjector = defineProjector({
  name: 'messages',
  version: 1,
  eventTypes: ['MessageReceived', 'MessageQueued', 'MessageSent', 'MessageSendFailed', 'MessageAckChanged', 'MessageEdited', 'MessageDeleted', 'TicketMessagesRead'],
  tables: ['read.messages'],
  migrate: migrateMessages,
  async handle(trx: Transaction<any>, events: readonly RecordedEvent[]) {
    /** What each message's frame says: the first action in the batch wins (created then edited is still a create). */
    const touched = new Map<string, { action: Action; at: Date }>();
    const touch = (messageId: string, action: Action, event: RecordedEvent) => {
      const earlier = touched.get(messageId);
      touched.set(messageId, { action: earlier?.action === 'create' ? 'create' : action, at: event.createdAt });
    };

    for (const event of events) {
      const data = event.data as any;
      const companyId = event.metadata.companyId;
      const update = (changes: Record<string, unknown>) =>
        trx.updateTable('read.messages').set(changes).where('id', '=', data.messageId).where('company_id', '=', companyId).returning('id').executeTakeFirst();
      switch (event.type) {
        case 'MessageReceived': {
          const inserted = await trx
            .insertInto('read.messages')
            .values({
              ...contentRow(data),
              company_id: companyId,
              from_me: false,
              read: false,
              provider_id: data.providerId,
              participant: data.participant === null ? null : JSON.stringify(data.participant),
              created_at: data.receivedAt,
              updated_at: data.receivedAt,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (inserted) touch(data.messageId, 'create', event);
          break;
        }
        case 'MessageQueued': {
          const inserted = await trx
            .insertInto('read.messages')
            .values({
              ...contentRow(data),
              company_id: companyId,
              from_me: true,
              read: true,
              user_id: data.userId,
              is_private: data.isPrivate,
              is_forwarded: data.isForwarded,
              created_at: data.queuedAt,
              updated_at: data.queuedAt,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (inserted) touch(data.messageId, 'create', event);
          break;
        }
        case 'MessageSent':
          if (await update({ provider_id: data.providerId, ack: sql`greatest(ack, 1)`, send_error: null })) touch(data.messageId, 'update', event);
          break;
        case 'MessageSendFailed':
          if (await update({ send_error: data.reason })) touch(data.messageId, 'update', event);
          break;
        case 'MessageAckChanged':
          if (await update({ ack: sql`greatest(ack, ${data.ack}::smallint)` })) touch(data.messageId, 'update', event);
          break;
        case 'MessageEdited':
          if (await update({ body: data.body, is_edited: true, updated_at: data.editedAt })) touch(data.messageId, 'update', event);
          break;
        case 'MessageDeleted':
          if (await update({ is_deleted: true, deleted_by: data.by })) touch(data.messageId, 'delete', event);
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
            .where('created_at', '<=', data.upTo)
            .execute();
          break;
      }
    }
    return frames(trx, touched);
  },
});

/** One `appMessage` frame per touched message, with its ticket (for the edge's visibility rule) and contact. */
async function frames(trx: Transaction<any>, touched: Map<string, { action: Action; at: Date }>): Promise<ProjectionChange[]> {
  const messages = await findMessagesById(trx, [...touched.keys()]);
  const tickets = new Map<number, Awaited<ReturnType<typeof findTicket>>>();
  const contacts = new Map<number, Awaited<ReturnType<typeof findContact>>>();
  const changes: ProjectionChange[] = [];
  for (const message of messages) {
    const { action, at } = touched.get(message.id)!;
    if (!tickets.has(message.ticketId)) {
      // Only a new message can be ahead of its ticket's row; an update's ticket was there for the create.
      const mayWait = action === 'create' && Date.now() - at.getTime() < FRESH_MS;
      tickets.set(message.ticketId, await ticketOf(trx, message.companyId, message.ticketId, mayWait));
    }
    const ticket = tickets.get(message.ticketId);
    // A ticket that is deleted or never arrived: nobody may be shown the message live.
    if (!ticket) continue;
    if (!contacts.has(message.contactId)) contacts.set(message.contactId, await findContact(trx, message.companyId, message.contactId));
    changes.push({ companyId: message.companyId, entity: 'appMessage', data: { action, message, ticket, contact: contacts.get(message.contactId) ?? null } });
  }
  return changes;
}

async function ticketOf(trx: Transaction<any>, companyId: number, ticketId: number, mayWait: boolean) {
  // Read committed: every poll sees what the tickets projector committed meanwhile.
  for (let waited = 0; ; waited += TICKET_POLL_MS) {
    const ticket = await findTicket(trx, companyId, ticketId);
    if (ticket || !mayWait || waited >= TICKET_WAIT_MS) return ticket;
    await new Promise((resolve) => setTimeout(resolve, TICKET_POLL_MS));
  }
}
