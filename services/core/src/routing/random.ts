import type { BotHandOverReason } from '@conversa/contracts';
import { STALE_INBOUND_MS } from './inbound';
import type { BotAction, BotState, RoutingClock, RoutingQueue, RoutingSettings, RoutingTicket } from './model';

/**
 * userRandom: a ticket the bot routed into a queue (by the menu, the only queue, a
 * chatbot option or timeSendQueue) goes at once to a random online user of that queue.
 *
 * How it meets queue rotation (ativarRoteador): the queue's own setting is the more specific one,
 * so a queue with rotation on keeps its turn order (the waiting ticket goes to the next user in
 * turn after tempoRoteador minutes) and userRandom leaves it alone. Without that rule both would
 * claim every ticket and rotation would never get one. A ticket nobody was online for waits in its
 * queue as usual for an attendant to accept it.
 */
export interface RandomUserInput {
  clock: RoutingClock;
  /** The ticket as its stream stands (the bot's queue change may not have reached it yet). */
  ticket: RoutingTicket;
  settings: Pick<RoutingSettings, 'userRandom'>;
  /** The queue the bot placed the ticket in, as it is now (null: it was deleted). */
  queue: RoutingQueue | null;
  /** The online users of that queue (those who may see its tickets). */
  onlineUserIds: readonly number[];
  /** A number in [0, 1) drawn by the caller: which online user gets the ticket. */
  draw: number;
  /** When the bot finished routing (the journal event this decision answers). */
  routedAt: string;
}

/** Hand-overs after which the ticket does not wait in its queue for any person: out of hours, or a person already took it. */
const NOT_WAITING: readonly BotHandOverReason[] = ['outOfHours', 'attendant'];

/** The user `draw` names among the online users (in id order, so the same draw always names the same user); null when nobody is online. */
export function pickRandomUser(onlineUserIds: readonly number[], draw: number): number | null {
  const users = [...new Set(onlineUserIds)].sort((a, b) => a - b);
  if (users.length === 0) return null;
  const share = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0;
  return users[Math.min(users.length - 1, Math.floor(share * users.length))]!;
}

/**
 * The random attendant, decided once the bot has finished routing: it has placed the ticket in a
 * queue, asks nothing more, handed over for the ticket to wait there, and gave it to nobody yet.
 * A routing long past (a journal read again from the start) is history: nobody is given it now.
 */
export function routeRandomUser(bot: BotState, input: RandomUserInput): BotAction[] {
  const { ticket, queue } = input;
  if (input.settings.userRandom !== 'enabled') return [];
  if (bot.menu !== null || bot.handedOver === null || NOT_WAITING.includes(bot.handedOver.reason)) return [];
  if (bot.queueId === null || bot.userAssigned || queue === null || queue.id !== bot.queueId) return [];
  if (queue.ativarRoteador) return [];
  if (ticket.isGroup || ticket.userId !== null || (ticket.status !== 'pending' && ticket.status !== 'lgpd')) return [];
  if (input.clock.now.getTime() - Date.parse(input.routedAt) > STALE_INBOUND_MS) return [];
  const userId = pickRandomUser(input.onlineUserIds, input.draw);
  if (userId === null) return [];
  return [{ type: 'changeTicket', change: { kind: 'assignUser', userId, queueId: queue.id, reason: 'random' } }];
}
