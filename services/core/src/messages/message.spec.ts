import type { MessageEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { inboundMessageId, message, MESSAGE_EDIT_WINDOW_MS } from './message';

const queuedAt = '2026-01-15T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(queuedAt) + ms);
const id = '0190a5e0-0000-7000-8000-000000000001';

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
const outbound = { ...content, userId: 7, isPrivate: false, isForwarded: false };
const queued: MessageEvent = { type: 'MessageQueued', data: { ...outbound, queuedAt } };
const privateNote: MessageEvent = { type: 'MessageQueued', data: { ...outbound, isPrivate: true, queuedAt } };
const inbound = { ...content, providerId: 'ABCD1234', participant: null, receivedAt: queuedAt };
const received: MessageEvent = { type: 'MessageReceived', data: inbound };
const sent: MessageEvent = { type: 'MessageSent', data: { messageId: id, providerId: 'wamid.1' } };
const failed: MessageEvent = { type: 'MessageSendFailed', data: { messageId: id, error: 'ERR_SENDING_WAPP_MSG', reason: 'offline' } };
const deleted: MessageEvent = { type: 'MessageDeleted', data: { messageId: id, by: 'user' } };

describe('inbound message ids', () => {
  it('derive the same id from the same provider message, and different ids across connections and companies', () => {
    expect(inboundMessageId(1, 2, 'X')).toBe(inboundMessageId(1, 2, 'X'));
    expect(inboundMessageId(1, 2, 'X')).not.toBe(inboundMessageId(1, 3, 'X'));
    expect(inboundMessageId(1, 2, 'X')).not.toBe(inboundMessageId(2, 2, 'X'));
    expect(inboundMessageId(1, null, 'X')).toBe(inboundMessageId(1, null, 'X'));
    expect(inboundMessageId(1, null, 'X')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('message decider: inbound', () => {
  it('records a received message', () => {
    spec(message).given([]).when({ type: 'ReceiveMessage', message: inbound }).then([received]);
  });

  it('records the same provider message once', () => {
    spec(message)
      .given([received])
      .when({ type: 'ReceiveMessage', message: { ...inbound, body: 'again' } })
      .then([]);
  });

  it('refuses a message with nothing in it', () => {
    spec(message)
      .given([])
      .when({ type: 'ReceiveMessage', message: { ...inbound, body: '  ' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('lets the contact delete what the contact wrote, once', () => {
    spec(message)
      .given([received])
      .when({ type: 'DeleteMessage', by: 'contact' })
      .then([{ type: 'MessageDeleted', data: { messageId: id, by: 'contact', contentErased: false } }]);
    spec(message)
      .given([received, { type: 'MessageDeleted', data: { messageId: id, by: 'contact' } }])
      .when({ type: 'DeleteMessage', by: 'contact' })
      .then([]);
  });

  it('records with a contact’s deletion whether lgpdDeleteMessage erases its content (an attendant’s own deletion erases nothing)', () => {
    spec(message)
      .given([received])
      .when({ type: 'DeleteMessage', by: 'contact', eraseContent: true })
      .then([{ type: 'MessageDeleted', data: { messageId: id, by: 'contact', contentErased: true } }]);
    spec(message)
      .given([received])
      .when({ type: 'DeleteMessage', by: 'contact', eraseContent: false })
      .then([{ type: 'MessageDeleted', data: { messageId: id, by: 'contact', contentErased: false } }]);
    spec(message).given([queued]).when({ type: 'DeleteMessage', by: 'user', eraseContent: true }).then([deleted]);
  });

  it('never lets an attendant edit or delete a contact message', () => {
    spec(message).given([received]).when({ type: 'DeleteMessage', by: 'user' }).thenThrows('ERR_NO_PERMISSION');
    spec(message).given([received]).when({ type: 'EditMessage', userId: 7, body: 'x' }).thenThrows('ERR_NO_PERMISSION');
  });
});

describe('message decider: outbound', () => {
  it('queues an attendant message stamped with the time it was written', () => {
    spec(message).given([]).when({ type: 'QueueMessage', message: outbound }, new Date(queuedAt)).then([queued]);
  });

  it('queues a message id once (the id is the idempotency key)', () => {
    spec(message)
      .given([queued])
      .when({ type: 'QueueMessage', message: { ...outbound, body: 'again' } })
      .then([]);
  });

  it('accepts a file or a location without text, but not nothing', () => {
    const media = { url: '/media/1/0190a5e0-0000-7000-8000-000000000009.png', name: 'a.png', mime: 'image/png', size: 10 };
    spec(message)
      .given([])
      .when({ type: 'QueueMessage', message: { ...outbound, body: '', mediaType: 'image', media } }, new Date(queuedAt))
      .then([{ type: 'MessageQueued', data: { ...outbound, body: '', mediaType: 'image', media, queuedAt } }]);
    spec(message)
      .given([])
      .when({ type: 'QueueMessage', message: { ...outbound, body: ' \n ' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('records the send result once: sent, or failed with the reason', () => {
    spec(message).given([queued]).when({ type: 'RecordMessageSent', providerId: 'wamid.1' }).then([sent]);
    spec(message).given([queued]).when({ type: 'RecordMessageSendFailed', reason: 'offline' }).then([failed]);
    spec(message).given([queued, sent]).when({ type: 'RecordMessageSent', providerId: 'wamid.2' }).then([]);
    spec(message).given([queued, sent]).when({ type: 'RecordMessageSendFailed', reason: 'late' }).then([]);
    spec(message).given([queued, failed]).when({ type: 'RecordMessageSent', providerId: 'wamid.2' }).then([]);
  });

  it('never records a send for a private note, an inbound message or a message that does not exist', () => {
    spec(message).given([privateNote]).when({ type: 'RecordMessageSent', providerId: 'x' }).thenThrows('ERR_VALIDATION');
    spec(message).given([received]).when({ type: 'RecordMessageSendFailed', reason: 'x' }).thenThrows('ERR_VALIDATION');
    spec(message).given([]).when({ type: 'RecordMessageSent', providerId: 'x' }).thenThrows('ERR_NO_MESSAGE_FOUND');
  });

  it('moves the ack forward only', () => {
    spec(message)
      .given([queued, sent])
      .when({ type: 'ChangeMessageAck', ack: 3 })
      .then([{ type: 'MessageAckChanged', data: { messageId: id, ack: 3 } }]);
    spec(message)
      .given([queued, sent, { type: 'MessageAckChanged', data: { messageId: id, ack: 3 } }])
      .when({ type: 'ChangeMessageAck', ack: 2 })
      .then([]);
    spec(message).given([queued, sent]).when({ type: 'ChangeMessageAck', ack: 1 }).then([]);
    // A receipt that overtook the send result is not undone by it.
    spec(message)
      .given([queued, { type: 'MessageAckChanged', data: { messageId: id, ack: 2 } }, sent])
      .when({ type: 'ChangeMessageAck', ack: 2 })
      .thenState((state) => expect(state).toMatchObject({ ack: 2, delivery: 'sent' }));
  });
});

describe('message decider: edit', () => {
  const edit = { type: 'EditMessage' as const, userId: 7, body: 'Olá, tudo bem?' };

  it('lets the author edit within 15 minutes of writing', () => {
    spec(message)
      .given([queued, sent])
      .when(edit, at(MESSAGE_EDIT_WINDOW_MS))
      .then([
        { type: 'MessageEdited', data: { messageId: id, body: 'Olá, tudo bem?', previousBody: 'Olá!', editedAt: at(MESSAGE_EDIT_WINDOW_MS).toISOString() } },
      ]);
  });

  it('refuses after the window', () => {
    spec(message)
      .given([queued, sent])
      .when(edit, at(MESSAGE_EDIT_WINDOW_MS + 1))
      .thenThrows('ERR_MESSAGE_EDIT_EXPIRED');
  });

  it('counts the window from the last edit, and not from delivery receipts', () => {
    const edited: MessageEvent = { type: 'MessageEdited', data: { messageId: id, body: 'v2', previousBody: 'Olá!', editedAt: at(10 * 60_000).toISOString() } };
    spec(message)
      .given([queued, edited])
      .when({ ...edit, body: 'v3' }, at(20 * 60_000))
      .then([{ type: 'MessageEdited', data: { messageId: id, body: 'v3', previousBody: 'v2', editedAt: at(20 * 60_000).toISOString() } }]);
    spec(message)
      .given([queued, sent, { type: 'MessageAckChanged', data: { messageId: id, ack: 3 } }])
      .when(edit, at(16 * 60_000))
      .thenThrows('ERR_MESSAGE_EDIT_EXPIRED');
  });

  it('refuses another attendant, a system message and a deleted message', () => {
    spec(message)
      .given([queued])
      .when({ ...edit, userId: 8 })
      .thenThrows('ERR_NO_PERMISSION');
    spec(message)
      .given([{ type: 'MessageQueued', data: { ...outbound, userId: null, queuedAt } }])
      .when(edit)
      .thenThrows('ERR_NO_PERMISSION');
    spec(message).given([queued, deleted]).when(edit).thenThrows('ERR_MESSAGE_DELETED');
    spec(message).given([]).when(edit).thenThrows('ERR_NO_MESSAGE_FOUND');
  });

  it('refuses empty text and records nothing for the same text', () => {
    spec(message)
      .given([queued])
      .when({ ...edit, body: '   ' })
      .thenThrows('ERR_VALIDATION');
    spec(message)
      .given([queued])
      .when({ ...edit, body: 'Olá!' })
      .then([]);
  });
});

describe('message decider: delete', () => {
  it('lets an attendant delete an outbound message, once', () => {
    spec(message).given([queued, sent]).when({ type: 'DeleteMessage', by: 'user' }).then([deleted]);
    spec(message).given([queued, deleted]).when({ type: 'DeleteMessage', by: 'user' }).then([]);
  });

  it('never lets a contact delete an attendant message', () => {
    spec(message).given([queued]).when({ type: 'DeleteMessage', by: 'contact' }).thenThrows('ERR_NO_PERMISSION');
  });
});
