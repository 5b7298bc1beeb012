/**
 * View-model shapes of the conversation screen. The wire shapes (MessageView, QuotedMessageView, MessagesPage,
 * AppMessageFrame, TicketView) are the contracts'.
 */
import type { TicketView } from '@conversa/contracts';

/**
 * What the conversation needs of the ticket from GET /tickets/u/:uuid: a TicketView is one.
 */
export type ConversationTicket = Pick<
  TicketView,
  'id' | 'uuid' | 'status' | 'channel' | 'isGroup' | 'contactId' | 'contact' | 'userId' | 'queueId' | 'promptId' | 'whatsappId'
>;
