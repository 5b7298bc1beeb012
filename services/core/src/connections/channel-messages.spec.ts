import type { MessageEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { message } from '../messages/message';

/** The message commands channel sessions use (SessionHooks): edits and deletions reported by the channel, messages sent from the phone. */
const at = '2026-01-15T12:00:00.000Z';
const id = '0190a5e0-0000-7000-8000-0000000000aa';
const content = {
  messageId: id,
  ticketId: 4,
  contactId: 9,
  whatsappId: 2,
  body: 'Olá!',
  mediaType: 'chat' as const,
  media: null,
  location: null,
  quotedMessageId: null,
};
const received: MessageEvent = { type: 'MessageReceived', data: { ...content, providerId: 'P1', participant: null, receivedAt: at } };
const queued: MessageEvent = { type: 'MessageQueued', data: { ...content, userId: null, isPrivate: false, isForwarded: false, queuedAt: at } };

describe('message decider: what a channel session reports', () => {
  it('records the contact’s edit at the provider’s time, once', () => {
    spec(message)
      .given([received])
      .when({ type: 'RecordChannelEdit', body: 'Olá, corrigido', editedAt: '2026-01-15T12:30:00.000Z' })
      .then([{ type: 'MessageEdited', data: { messageId: id, body: 'Olá, corrigido', previousBody: 'Olá!', editedAt: '2026-01-15T12:30:00.000Z' } }]);
    spec(message).given([received]).when({ type: 'RecordChannelEdit', body: 'Olá!', editedAt: at }).then([]);
  });

  it('records an edit made from the connection’s own phone, outside the attendants’ 15-minute window', () => {
    spec(message)
      .given([queued, { type: 'MessageSent', data: { messageId: id, providerId: 'P2' } }])
      .when({ type: 'RecordChannelEdit', body: 'Editado no celular', editedAt: '2026-01-16T12:00:00.000Z' }, new Date('2026-01-16T12:00:00.000Z'))
      .then([{ type: 'MessageEdited', data: { messageId: id, body: 'Editado no celular', previousBody: 'Olá!', editedAt: '2026-01-16T12:00:00.000Z' } }]);
  });

  it('ignores edits of a deleted message and of one it never saw', () => {
    spec(message)
      .given([received, { type: 'MessageDeleted', data: { messageId: id, by: 'contact' } }])
      .when({ type: 'RecordChannelEdit', body: 'x', editedAt: at })
      .then([]);
    spec(message).given([]).when({ type: 'RecordChannelEdit', body: 'x', editedAt: at }).thenThrows('ERR_NO_MESSAGE_FOUND');
  });

  it('records a message sent from the phone as queued and sent in one append, once', () => {
    const { queuedAt: _queuedAt, ...written } = (queued as Extract<MessageEvent, { type: 'MessageQueued' }>).data;
    spec(message)
      .given([])
      .when({ type: 'RecordSentElsewhere', message: written, providerId: 'P3', sentAt: at })
      .then([queued, { type: 'MessageSent', data: { messageId: id, providerId: 'P3' } }]);
    spec(message).given([queued]).when({ type: 'RecordSentElsewhere', message: written, providerId: 'P3', sentAt: at }).then([]);
  });
});
