import type { BotAction, BotState, RoutingClock, RoutingConnection, RoutingContact, RoutingSettings, RoutingTicket } from './model';
import { BOT_TEXTS, fillVariables, ratingRequest } from './texts';

/** Why the ticket closed (the TicketClosed event's reason). */
export type CloseReason = 'resolved' | 'ignored' | 'closeAll' | 'automation';

export interface ClosingInput {
  clock: RoutingClock;
  /** The ticket as it was closed: `userId` is the attendant who held it. */
  ticket: RoutingTicket;
  contact: RoutingContact;
  settings: RoutingSettings;
  connection: RoutingConnection | null;
  reason: CloseReason;
  /** The attendant closed with the farewell (not the list's close-without-farewell button). */
  farewell: boolean;
  /** The attendant's own farewellMessage went out with the close: it stands in for the connection's. */
  attendantFarewellSent: boolean;
  userName: string | null;
  queueName: string | null;
}

/**
 * After a close (userRating, complationMessage, sendFarewellWaitingTicket):
 * with userRating on, a ticket an attendant resolved asks the contact for a rating and waits in
 * status nps (the farewell then follows the rating); otherwise the connection's farewell goes
 * out, unless the attendant's own farewell already did. Ignored tickets get the farewell only with
 * sendFarewellWaitingTicket; close-all and automatic closes get nothing here.
 */
export function routeClosing(bot: BotState, input: ClosingInput): BotAction[] {
  const { ticket, contact, connection, settings } = input;
  if (connection === null || ticket.isGroup || contact.disableBot || !contact.active || bot.awaitingRating) return [];
  const farewell = fill(input, connection.complationMessage).trim();

  if (input.reason === 'resolved') {
    if (settings.userRating === 'enabled' && ticket.userId !== null) {
      return [
        { type: 'reply', purpose: 'ratingRequest', body: ratingRequest(fill(input, connection.ratingMessage)) },
        { type: 'changeTicket', change: { kind: 'requestRating' } },
        { type: 'showMenu', menu: 'rating', queueId: null, path: [], attempt: 1, windowStartedAt: input.clock.now.toISOString() },
      ];
    }
    return input.farewell && !input.attendantFarewellSent && farewell ? [{ type: 'reply', purpose: 'farewell', body: farewell }] : [];
  }
  if (input.reason === 'ignored' && settings.sendFarewellWaitingTicket === 'enabled' && farewell)
    return [{ type: 'reply', purpose: 'farewell', body: farewell }];
  return [];
}

export interface TransferInput {
  clock: RoutingClock;
  ticket: RoutingTicket;
  contact: RoutingContact;
  settings: RoutingSettings;
  connection: RoutingConnection | null;
  /** An attendant transferred it (the bot's own moves, like rotation, say nothing). */
  byAttendant: boolean;
  toQueueName: string | null;
  toUserName: string | null;
}

/** sendMsgTransfTicket: the contact hears where an attendant's transfer took them. The bot steps aside either way. */
export function routeTransfer(bot: BotState, input: TransferInput): BotAction[] {
  if (!input.byAttendant) return [];
  const stepAside = routeAttendantTookOver(bot);
  const { contact, ticket, connection } = input;
  if (
    input.settings.sendMsgTransfTicket !== 'enabled' ||
    connection === null ||
    ticket.isGroup ||
    contact.disableBot ||
    !contact.active ||
    input.toQueueName === null
  ) {
    return stepAside;
  }
  return [{ type: 'reply', purpose: 'transfer', body: BOT_TEXTS.transfer(input.toQueueName, input.toUserName) }, ...stepAside];
}

/** An attendant accepted or moved the ticket: whatever the bot was asking, it stops asking. */
export function routeAttendantTookOver(bot: BotState): BotAction[] {
  return bot.handedOver || bot.awaitingRating ? [] : [{ type: 'handOver', reason: 'attendant' }];
}

function fill(input: ClosingInput, text: string): string {
  return fillVariables(text, {
    clock: input.clock,
    contactName: input.contact.name,
    ticketId: input.ticket.id,
    userName: input.userName,
    queueName: input.queueName,
    connectionName: input.connection?.name ?? null,
  });
}
