/**
 * View-model shapes of the conversation screen. The wire shapes (MessageView, QuotedMessageView, MessagesPage,
 * AppMessageFrame, TicketView) are the contracts'.
 */
import type { TicketView } from '@conversa/contracts';

/**
 * What the conversation needs of the ticket from GET /tickets/u/:uuid: a TicketView is one.
 */
export type ConversationTicket = Pick<TicketView, 'id' | 'uuid' | 'status' | 'channel' | 'isGroup' | 'contactId' | 'contact' | 'userId' | 'queueId' | 'promptId' | 'whatsappId'>;

// The wire shapes are the contracts'; these names stay only so screens written against them keep compiling.
export type { AppMessageFrame, MessagesPage, MessageView as Message, QuotedMessageView as QuotedMessage } from '@conversa/contracts';
