import type { MessageQueued, MessageReceived } from '@conversa/contracts';
import { DomainError, type MediaType, type MessageEvent } from '@conversa/contracts';
import { v5 as uuidv5 } from 'uuid';
import type { z } from 'zod';
import type { Decider } from '../commands/decider';

/** Own messages can be edited within 15 minutes of their last update. */
export const MESSAGE_EDIT_WINDOW_MS = 900_000;

/** Namespace of inbound message ids: the same provider message always maps to the same message. */
const INBOUND_MESSAGE_NAMESPACE = '3a0e2c4f-9b7d-4e61-8f15-6c2d9a7b41e0';

/**
 * The id of an inbound message, derived from what the provider calls it, so a message delivered
 * twice (a reconnect, a webhook retry) lands on the same stream and is recorded once.
 */
export const inboundMessageId = (companyId: number, whatsappId: number | null, providerId: string): string =>
  uuidv5(`${companyId}:${whatsappId ?? 0}:${providerId}`, INBOUND_MESSAGE_NAMESPACE);

type ReceivedData = z.infer<typeof MessageReceived.schema>;
type QueuedData = z.infer<typeof MessageQueued.schema>;

export type Message =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      messageId: string;
      ticketId: number;
      contactId: number;
      whatsappId: number | null;
      fromMe: boolean;
      /** The attendant who wrote it; null for inbound and for system messages (greeting, farewell). */
      userId: number | null;
      isPrivate: boolean;
      body: string;
      mediaType: MediaType;
      /** received: inbound. queued → sent | failed: outbound on its way (private notes stay queued: never sent). */
      delivery: 'received' | 'queued' | 'sent' | 'failed';
      providerId: string | null;
      ack: number;
      /** When the text was written or last edited: the edit window counts from here. */
      contentAt: string;
    };
export type ExistingMessage = Exclude<Message, { status: 'none' }>;

export type MessageCommand =
  | { type: 'ReceiveMessage'; message: ReceivedData }
  | { type: 'QueueMessage'; message: Omit<QueuedData, 'queuedAt'> }
  | { type: 'RecordMessageSent'; providerId: string }
  | { type: 'RecordMessageSendFailed'; reason: string }
  | { type: 'ChangeMessageAck'; ack: number }
  | { type: 'EditMessage'; userId: number; body: string }
  /** The message was edited on the channel itself (by the contact, or from the connection's own phone), at the provider's time. */
  | { type: 'RecordChannelEdit'; body: string; editedAt: string }
  /** The connection's own account wrote outside Conversa (the phone, the page inbox): recorded as sent, never sent again. */
  | { type: 'RecordSentElsewhere'; message: Omit<QueuedData, 'queuedAt'>; providerId: string; sentAt: string }
  /** `eraseContent`: the company's lgpdDeleteMessage, read by the caller when the contact deletes. */
  | { type: 'DeleteMessage'; by: 'user' | 'contact'; eraseContent?: boolean };

/** A message needs something to say: text, a file or a place. */
function assertContent(message: { body: string; media: unknown; location: unknown }): void {
  if (message.body.trim() === '' && message.media === null && message.location === null)
    throw new DomainError('ERR_VALIDATION', 'A message needs text, a file or a location');
}

function existing(state: Message): ExistingMessage {
  if (state.status === 'none') throw new DomainError('ERR_NO_MESSAGE_FOUND');
  return state;
}

/** Outbound, not private, and not yet answered by the channel: what the sender reactor may still record. */
function awaitingSend(state: ExistingMessage): boolean {
  if (!state.fromMe || state.isPrivate) throw new DomainError('ERR_VALIDATION', 'Only outbound messages that are not private notes are sent');
  return state.delivery === 'queued';
}

export const message: Decider<Message, MessageCommand, MessageEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'MessageReceived': {
        const data = event.data;
        return {
          status: 'active',
          messageId: data.messageId,
          ticketId: data.ticketId,
          contactId: data.contactId,
          whatsappId: data.whatsappId,
          fromMe: false,
          userId: null,
          isPrivate: false,
          body: data.body,
          mediaType: data.mediaType,
          delivery: 'received',
          providerId: data.providerId,
          ack: 0,
          contentAt: data.receivedAt,
        };
      }
      case 'MessageQueued': {
        const data = event.data;
        return {
          status: 'active',
          messageId: data.messageId,
          ticketId: data.ticketId,
          contactId: data.contactId,
          whatsappId: data.whatsappId,
          fromMe: true,
          userId: data.userId,
          isPrivate: data.isPrivate,
          body: data.body,
          mediaType: data.mediaType,
          delivery: 'queued',
          providerId: null,
          ack: 0,
          contentAt: data.queuedAt,
        };
      }
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'MessageSent':
        // A delivery receipt can overtake the send result: the ack never goes back.
        return { ...state, delivery: 'sent', providerId: event.data.providerId, ack: Math.max(state.ack, 1) };
      case 'MessageSendFailed':
        return { ...state, delivery: 'failed' };
      case 'MessageAckChanged':
        return { ...state, ack: Math.max(state.ack, event.data.ack) };
      case 'MessageEdited':
        return { ...state, body: event.data.body, contentAt: event.data.editedAt };
      case 'MessageDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'ReceiveMessage':
        // The provider delivered it again: it is already recorded.
        if (state.status !== 'none') return [];
        assertContent(command.message);
        return [{ type: 'MessageReceived', data: command.message }];
      case 'QueueMessage':
        // The message id is the idempotency key of whoever queues (a scheduled message, a retried request).
        if (state.status !== 'none') return [];
        assertContent(command.message);
        return [{ type: 'MessageQueued', data: { ...command.message, queuedAt: now.toISOString() } }];
      case 'RecordMessageSent': {
        const current = existing(state);
        if (!awaitingSend(current)) return [];
        return [{ type: 'MessageSent', data: { messageId: current.messageId, providerId: command.providerId } }];
      }
      case 'RecordMessageSendFailed': {
        const current = existing(state);
        if (!awaitingSend(current)) return [];
        return [{ type: 'MessageSendFailed', data: { messageId: current.messageId, error: 'ERR_SENDING_WAPP_MSG', reason: command.reason.slice(0, 2000) } }];
      }
      case 'ChangeMessageAck': {
        const current = existing(state);
        if (command.ack <= current.ack) return [];
        return [{ type: 'MessageAckChanged', data: { messageId: current.messageId, ack: command.ack } }];
      }
      case 'EditMessage': {
        const current = existing(state);
        if (current.status === 'deleted') throw new DomainError('ERR_MESSAGE_DELETED');
        // Only the attendant who wrote it; never a contact's message nor a greeting the system sent.
        if (!current.fromMe || current.userId !== command.userId) throw new DomainError('ERR_NO_PERMISSION');
        if (now.getTime() - Date.parse(current.contentAt) > MESSAGE_EDIT_WINDOW_MS) throw new DomainError('ERR_MESSAGE_EDIT_EXPIRED');
        if (command.body.trim() === '') throw new DomainError('ERR_VALIDATION', 'The new text is empty');
        if (command.body === current.body) return [];
        return [{ type: 'MessageEdited', data: { messageId: current.messageId, body: command.body, previousBody: current.body, editedAt: now.toISOString() } }];
      }
      case 'RecordChannelEdit': {
        const current = existing(state);
        if (current.status === 'deleted' || command.body === current.body) return [];
        return [{ type: 'MessageEdited', data: { messageId: current.messageId, body: command.body, previousBody: current.body, editedAt: command.editedAt } }];
      }
      case 'RecordSentElsewhere':
        if (state.status !== 'none') return [];
        assertContent(command.message);
        // One append: the sender reactor sees it already sent and never delivers it a second time.
        return [
          { type: 'MessageQueued', data: { ...command.message, queuedAt: command.sentAt } },
          { type: 'MessageSent', data: { messageId: command.message.messageId, providerId: command.providerId } },
        ];
      case 'DeleteMessage': {
        const current = existing(state);
        if (current.status === 'deleted') return [];
        // Attendants delete only outbound messages; a contact deletes only what the contact wrote.
        if (current.fromMe !== (command.by === 'user')) throw new DomainError('ERR_NO_PERMISSION');
        // A contact's deletion records whether lgpdDeleteMessage erases its content, so a rebuild of the read models agrees.
        if (command.by === 'contact')
          return [{ type: 'MessageDeleted', data: { messageId: current.messageId, by: 'contact', contentErased: command.eraseContent === true } }];
        return [{ type: 'MessageDeleted', data: { messageId: current.messageId, by: command.by } }];
      }
    }
  },
};
