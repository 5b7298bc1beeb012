import type { BotAction, BotState, RoutingClock, RoutingConnection, RoutingContact, RoutingQueue, RoutingTicket } from './model';
import { fillVariables } from './texts';

/** Tickets close after 24 idle hours unless the environment says otherwise (0: never). */
export const DEFAULT_AUTO_CLOSE_HOURS = 24;

const minutes = (count: number) => count * 60_000;
const elapsed = (since: string, now: Date) => now.getTime() - Date.parse(since);
const latest = (...times: Array<string | null>) =>
  times
    .filter((time): time is string => time !== null)
    .sort()
    .at(-1) ?? null;

export interface InactivityInput {
  clock: RoutingClock;
  ticket: RoutingTicket;
  contact: RoutingContact;
  connection: RoutingConnection | null;
  /** The environment's auto-close, in minutes, for connections that set no expiresTicket (0: never). */
  defaultAutoCloseMinutes: number;
  /** When an attendant took the ticket (accepted, reopened, transferred to them). */
  openedAt: string;
  lastContactMessageAt: string | null;
  /** The last message of anyone but the bot. */
  lastMessageAt: string | null;
}

/** When the idle stretch began: the contact's last message, or anyone's (whenExpiresTicket), never before the ticket was taken. */
export function idleSince(input: Pick<InactivityInput, 'connection' | 'openedAt' | 'lastContactMessageAt' | 'lastMessageAt'>): string {
  const fromContact = (input.connection?.whenExpiresTicket ?? '0') === '0';
  return latest(input.openedAt, fromContact ? input.lastContactMessageAt : input.lastMessageAt)!;
}

/** Minutes of idleness after which an attended ticket closes: the connection's expiresTicket, else the environment's. */
export const expiryMinutes = (connection: RoutingConnection | null, defaultAutoCloseMinutes: number) =>
  connection && connection.expiresTicket > 0 ? connection.expiresTicket : defaultAutoCloseMinutes;

/**
 * Auto-close of attended tickets (expiresTicket, expiresInactiveMessage, timeInactiveMessage,
 * inactiveMessage, whenExpiresTicket; the 24-hour default). The warning goes out once per
 * idle stretch; the close says expiresInactiveMessage. Contacts with disableBot are closed silently.
 */
export function routeInactivity(bot: BotState, input: InactivityInput): BotAction[] {
  const { ticket, connection, contact } = input;
  if (ticket.status !== 'open' || ticket.isGroup) return [];
  const now = input.clock.now;
  const since = idleSince(input);
  const idle = elapsed(since, now);
  const speaks = !contact.disableBot && contact.active && connection !== null;
  const closeAfter = expiryMinutes(connection, input.defaultAutoCloseMinutes);

  if (closeAfter > 0 && idle >= minutes(closeAfter)) {
    const farewell = speaks ? fill(input, connection!.expiresInactiveMessage).trim() : '';
    return [
      ...(farewell ? [{ type: 'reply', purpose: 'expired', body: farewell } as BotAction] : []),
      { type: 'changeTicket', change: { kind: 'close', reason: 'expired' } },
    ];
  }
  const warnAfter = connection?.timeInactiveMessage ?? 0;
  const warning = speaks ? fill(input, connection!.inactiveMessage).trim() : '';
  if (warnAfter > 0 && warning && idle >= minutes(warnAfter) && bot.warnedFor !== since && (closeAfter === 0 || warnAfter < closeAfter)) {
    return [
      { type: 'reply', purpose: 'inactivityWarning', body: warning },
      { type: 'markInactivityWarned', idleSince: since },
    ];
  }
  return [];
}

/** When an idle attended ticket is next due for a look (its warning or its close), or null for never. */
export function nextInactivityCheck(input: Omit<InactivityInput, 'clock' | 'ticket' | 'contact'>, warnedFor: string | null): Date | null {
  const since = Date.parse(idleSince(input));
  const closeAfter = expiryMinutes(input.connection, input.defaultAutoCloseMinutes);
  const warnAfter = input.connection?.timeInactiveMessage ?? 0;
  const times: number[] = [];
  if (closeAfter > 0) times.push(since + minutes(closeAfter));
  if (warnAfter > 0 && warnedFor !== idleSince(input) && (closeAfter === 0 || warnAfter < closeAfter)) times.push(since + minutes(warnAfter));
  return times.length ? new Date(Math.min(...times)) : null;
}

export interface RatingExpiryInput {
  clock: RoutingClock;
  ticket: RoutingTicket;
  connection: RoutingConnection | null;
  defaultAutoCloseMinutes: number;
  requestedAt: string;
}

/** expiresTicketNPS: a rating not given in time lapses and the ticket is closed without one (0: the environment's default). */
export function routeRatingExpiry(bot: BotState, input: RatingExpiryInput): BotAction[] {
  if (input.ticket.status !== 'nps' || !bot.awaitingRating) return [];
  const after = input.connection && input.connection.expiresTicketNPS > 0 ? input.connection.expiresTicketNPS : input.defaultAutoCloseMinutes;
  if (after === 0 || elapsed(input.requestedAt, input.clock.now) < minutes(after)) return [];
  return [{ type: 'changeTicket', change: { kind: 'expireRating' } }];
}

export interface SendQueueInput {
  clock: RoutingClock;
  ticket: RoutingTicket;
  connection: RoutingConnection | null;
  /** Since when the ticket has waited with no queue and no attendant. */
  waitingSince: string;
}

/** timeSendQueue / sendIdQueue: a ticket left without a queue that long goes to the connection's fallback queue. */
export function routeSendQueue(bot: BotState, input: SendQueueInput): BotAction[] {
  const { ticket, connection } = input;
  if (ticket.status !== 'pending' || ticket.userId !== null || ticket.queueId !== null || bot.queueId !== null) return [];
  if (!connection || connection.timeSendQueue <= 0 || connection.sendIdQueue === null) return [];
  if (elapsed(input.waitingSince, input.clock.now) < minutes(connection.timeSendQueue)) return [];
  return [
    { type: 'changeTicket', change: { kind: 'assignQueue', queueId: connection.sendIdQueue, reason: 'timeSendQueue' } },
    ...(bot.handedOver ? [] : [{ type: 'handOver', reason: 'timeSendQueue' } as BotAction]),
  ];
}

export interface RotationInput {
  clock: RoutingClock;
  ticket: RoutingTicket;
  queue: RoutingQueue;
  /** Since when the ticket has waited in this queue with no attendant. */
  waitingSince: string;
  /** Whose turn it is (from the queue's rotation), or null when nobody of the queue is online. */
  userId: number | null;
}

/** Whether a ticket waiting in a queue with rotation on (ativarRoteador) has waited its tempoRoteador minutes. */
export function isRotationDue(input: Omit<RotationInput, 'userId'>): boolean {
  const { ticket, queue } = input;
  return (
    ticket.status === 'pending' &&
    ticket.userId === null &&
    ticket.queueId === queue.id &&
    !ticket.isGroup &&
    queue.ativarRoteador &&
    elapsed(input.waitingSince, input.clock.now) >= minutes(Math.max(queue.tempoRoteador, 0))
  );
}

/** Rotation: the waiting ticket goes to the user whose turn it is. */
export function routeRotation(_bot: BotState, input: RotationInput): BotAction[] {
  if (input.userId === null || !isRotationDue(input)) return [];
  return [{ type: 'changeTicket', change: { kind: 'assignUser', userId: input.userId, queueId: input.queue.id, reason: 'rotation' } }];
}

/** The next online user after the last one served, in id order, wrapping around; null when nobody is online. */
export function nextUserInTurn(onlineUserIds: readonly number[], lastUserId: number | null): number | null {
  const ordered = [...new Set(onlineUserIds)].sort((a, b) => a - b);
  if (ordered.length === 0) return null;
  return ordered.find((userId) => lastUserId === null || userId > lastUserId) ?? ordered[0]!;
}

function fill(input: InactivityInput, text: string): string {
  return fillVariables(text, {
    clock: input.clock,
    contactName: input.contact.name,
    ticketId: input.ticket.id,
    connectionName: input.connection?.name ?? null,
  });
}
