import type { RecordedProductEvent, TicketStatus } from '@conversa/contracts';

/**
 * One ticket's figures, folded from its events. Every definition of docs/metrics.md is implemented
 * here once; the projector stores these facts and adds each ticket's contribution to the daily rows.
 * Pure: the time of each change is its event's occurredAt, the day is read in the company's zone.
 */
export interface TicketFact {
  ticketId: number;
  companyId: number;
  uuid: string;
  contactId: number;
  whatsappId: number | null;
  isGroup: boolean;
  status: TicketStatus;
  /** The attendant the ticket counts for: its holder, or the last one when closed (metrics: "attendant"). */
  userId: number | null;
  queueId: number | null;
  createdAt: string;
  /** The company-zone day the ticket counts on (metrics: "day"). */
  createdDay: string;
  /** The contact's first ticket in the company (metrics: "lead"). */
  lead: boolean;
  /** Sum of the completed waits, in seconds (metrics: "wait"). */
  waitSeconds: number;
  /** A person took the ticket after it waited at least once (metrics: "avgWaitTime" counts it). */
  answeredAfterWait: boolean;
  /** Sum of the completed attendance runs, in seconds (metrics: "support time"). */
  supportSeconds: number;
  /** Sum of the completed runs with the bot, in seconds (metrics: "bot time"). */
  botSeconds: number;
  /** The clock running now and since when. */
  clock: Clock | null;
  clockSince: string | null;
  /** The bot is talking to the contact (its menu is open). */
  botActive: boolean;
  closedAt: string | null;
  closedDay: string | null;
  /** Times the ticket was reopened after being finished (metrics: "reopened"). */
  reopened: number;
  rating: number | null;
  deleted: boolean;
}

export type Clock = 'wait' | 'bot' | 'support';

/** The event types the dashboard folds. */
export const factEventTypes = [
  'TicketCreated',
  'TicketAccepted',
  'TicketClosed',
  'TicketReopened',
  'TicketReturnedToQueue',
  'TicketTransferred',
  'TicketDeleted',
  'TicketQueueAssigned',
  'TicketLgpdConsentRequested',
  'TicketLgpdConsentAnswered',
  'TicketRatingRequested',
  'TicketRated',
  'TicketRatingExpired',
  'BotMenuShown',
  'BotHandedOver',
  'BotTicketChangeDecided',
] as const;
export type FactEvent = RecordedProductEvent<(typeof factEventTypes)[number]>;

/** A finished ticket: resolved (closed) or resolved and waiting for the contact's rating (nps). */
export const isFinished = (status: TicketStatus): boolean => status === 'closed' || status === 'nps';
/** A waiting ticket: in a queue or with the bot, no attendant yet (pending, lgpd). */
export const isWaiting = (status: TicketStatus): boolean => status === 'pending' || status === 'lgpd';

/** The bot decisions after which it no longer talks to the contact (the tickets projection's isBot rule). */
const BOT_ENDS_WITH: ReadonlySet<string> = new Set(['assignUser', 'answerLgpd', 'close', 'rate', 'expireRating']);

/**
 * Which clock runs in a state. Wait: pending without the bot. Bot: the consent question (lgpd) or
 * an open bot menu while pending. Support: open (an attendant holds it). None while finished.
 */
export function clockOf(status: TicketStatus, botActive: boolean): Clock | null {
  if (status === 'lgpd') return 'bot';
  if (status === 'pending') return botActive ? 'bot' : 'wait';
  if (status === 'open') return 'support';
  return null;
}

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/** The YYYY-MM-DD day of an instant in a time zone. */
export function dayIn(timeZone: string, at: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

/** A fresh fact from TicketCreated; `lead` is decided by the caller (it needs the contact's other tickets). */
export function createdFact(event: RecordedProductEvent<'TicketCreated'>, timeZone: string, lead: boolean): TicketFact {
  const { data } = event;
  const at = event.metadata.occurredAt;
  const clock = clockOf(data.status, false);
  return {
    ticketId: data.ticketId,
    companyId: event.metadata.companyId,
    uuid: data.uuid,
    contactId: data.contactId,
    whatsappId: data.whatsappId,
    isGroup: data.isGroup,
    status: data.status,
    userId: data.userId,
    queueId: data.queueId,
    createdAt: at,
    createdDay: dayIn(timeZone, at),
    lead,
    waitSeconds: 0,
    answeredAfterWait: false,
    supportSeconds: 0,
    botSeconds: 0,
    clock,
    clockSince: clock ? at : null,
    botActive: false,
    closedAt: null,
    closedDay: null,
    reopened: 0,
    rating: null,
    deleted: false,
  };
}

/** The fact after one of its ticket's events (TicketCreated excepted: see createdFact). */
export function evolveFact(fact: TicketFact, event: FactEvent, timeZone: string): TicketFact {
  const at = event.metadata.occurredAt;
  const next: TicketFact = { ...fact };
  const to = (status: TicketStatus) => {
    next.status = status;
  };
  /** A person has it now (accepted, reopened, transferred): the bot's part is over. */
  const attended = (status: TicketStatus, userId: number | null, queueId: number | null) => {
    to(status);
    next.userId = userId;
    next.queueId = queueId;
    next.botActive = false;
  };
  switch (event.type) {
    case 'TicketCreated':
      return fact;
    case 'TicketAccepted':
      attended(event.data.status, event.data.userId, event.data.queueId);
      break;
    case 'TicketReopened':
      // Reopened: it counts once, on its first day, and is no longer finished.
      if (isFinished(fact.status)) next.reopened += 1;
      attended(event.data.status, event.data.userId, event.data.queueId);
      break;
    case 'TicketClosed':
      to('closed');
      if (event.data.userId !== null) next.userId = event.data.userId;
      next.botActive = false;
      break;
    case 'TicketReturnedToQueue':
      to('pending');
      next.userId = null;
      next.queueId = event.data.queueId;
      next.botActive = false;
      break;
    case 'TicketTransferred':
      attended(event.data.status, event.data.to.userId, event.data.to.queueId);
      break;
    case 'TicketDeleted':
      next.deleted = true;
      break;
    case 'TicketQueueAssigned':
      next.queueId = event.data.queueId;
      break;
    case 'TicketLgpdConsentRequested':
      to('lgpd');
      break;
    case 'TicketLgpdConsentAnswered':
      if (event.data.accepted) to('pending');
      break;
    case 'TicketRatingRequested':
      to('nps');
      break;
    case 'TicketRated':
      to('closed');
      next.rating = event.data.rating;
      break;
    case 'TicketRatingExpired':
      to('closed');
      break;
    case 'BotMenuShown':
      // The rating question comes after a person closed the ticket: not bot time.
      if (event.data.menu !== 'rating' && isWaiting(fact.status)) next.botActive = true;
      break;
    case 'BotHandedOver':
      next.botActive = false;
      break;
    case 'BotTicketChangeDecided':
      if (BOT_ENDS_WITH.has(event.data.change.kind)) next.botActive = false;
      break;
  }
  // Finishing stamps the close; leaving the finished states clears it.
  if (isFinished(next.status) && !isFinished(fact.status)) {
    next.closedAt = at;
    next.closedDay = dayIn(timeZone, at);
  } else if (!isFinished(next.status)) {
    next.closedAt = null;
    next.closedDay = null;
  }
  const clock = clockOf(next.status, next.botActive);
  if (clock !== fact.clock) {
    if (fact.clock && fact.clockSince) {
      const run = seconds(fact.clockSince, at);
      if (fact.clock === 'wait') next.waitSeconds += run;
      if (fact.clock === 'bot') next.botSeconds += run;
      if (fact.clock === 'support') next.supportSeconds += run;
    }
    // Counted in avgWaitTime once a person takes it after it waited (however short).
    if (clock === 'support' && (fact.clock === 'wait' || next.waitSeconds > 0)) next.answeredAfterWait = true;
    next.clock = clock;
    next.clockSince = clock ? at : null;
  }
  return next;
}
