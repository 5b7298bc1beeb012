import type { MessagesPage, MessageView as Message } from '@conversa/contracts';

let counter = 0;

/** A message as GET /messages answers it; ids are uuids so they sort like the server's. */
export function message(overrides: Partial<Message> = {}): Message {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const createdAt = overrides.createdAt ?? new Date(Date.UTC(2026, 10, 20, 12, 0, counter)).toISOString();
  return {
    id,
    companyId: 2,
    ticketId: 10,
    contactId: 5,
    whatsappId: null,
    queueId: null,
    fromMe: false,
    body: `mensagem ${counter}`,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    mediaMime: null,
    mediaSize: null,
    location: null,
    quotedMsgId: null,
    quotedMsg: null,
    userId: null,
    isPrivate: false,
    isDeleted: false,
    deletedBy: null,
    contentErased: false,
    contentExpired: false,
    isEdited: false,
    isForwarded: false,
    ack: 0,
    read: true,
    providerId: null,
    participant: null,
    sendError: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

export const page = (messages: Message[], hasMore = false, count = messages.length): MessagesPage => ({ messages, hasMore, count });
