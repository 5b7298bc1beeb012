import { randomUUID } from 'node:crypto';
import type { EventToAppend, RecordedEvent } from '@conversa/contracts';

/**
 * A varied ticket history for the dashboard's brute-force test: bot turns, waits, transfers to
 * people and to queues, returns to the queue, closes, ratings, reopenings, deletions and group
 * conversations, at times that straddle midnight in the company's zone. Seeded: the same seed
 * gives the same history.
 */
export interface Planned {
  stream: string;
  event: EventToAppend;
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function plannedHistory(options: {
  seed: number;
  companyId: number;
  ticketIds: number[];
  userIds: number[];
  queueIds: number[];
  contactIds: number[];
  start: Date;
  whatsappIds?: Array<number | null>;
}): Planned[] {
  const rand = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const planned: Planned[] = [];
  for (const ticketId of options.ticketIds) {
    // Starts spread over five days, many in the hours around local midnight (03:00 UTC in São Paulo).
    let time =
      options.start.getTime() +
      Math.floor(rand() * 5) * 86_400_000 +
      (rand() < 0.5 ? 3 * 3_600_000 + Math.floor((rand() - 0.5) * 7_200_000) : Math.floor(rand() * 86_400_000));
    const event = (stream: string, type: string, data: Record<string, unknown>) => {
      planned.push({
        stream,
        event: {
          id: randomUUID(),
          type,
          data,
          metadata: {
            companyId: options.companyId,
            actor: { kind: 'system', id: 'dashboard-test' },
            correlationId: 'dashboard',
            causationId: 'dashboard',
            occurredAt: new Date(time).toISOString(),
            schemaVersion: 1,
          },
        },
      });
    };
    const ticket = (type: string, data: Record<string, unknown> = {}) => event(`ticket-${ticketId}`, type, { ticketId, ...data });
    const bot = (type: string, data: Record<string, unknown>) => event(`ticketbot-${ticketId}`, type, { ticketId, ...data });
    const later = () => {
      time += Math.floor(rand() * (rand() < 0.2 ? 20 * 3_600_000 : 40 * 60_000));
    };
    const group = rand() < 0.08;
    let status: string = group ? 'group' : rand() < 0.25 ? 'open' : 'pending';
    let botActive = false;
    let queueId: number | null = rand() < 0.7 ? pick(options.queueIds) : null;
    // Connections drawn only when given: the dashboard's seeded histories stay the same.
    const whatsappId = options.whatsappIds ? pick(options.whatsappIds) : null;
    ticket('TicketCreated', {
      uuid: randomUUID(),
      contactId: pick(options.contactIds),
      whatsappId,
      queueId,
      userId: status === 'open' ? pick(options.userIds) : null,
      status,
      isGroup: group,
      channel: 'sandbox',
    });
    const steps = group ? 1 : 1 + Math.floor(rand() * 9);
    for (let step = 0; step < steps; step++) {
      later();
      const roll = rand();
      if (rand() < 0.03) {
        ticket('TicketDeleted');
        break;
      }
      if (status === 'pending') {
        if (!botActive && roll < 0.2) {
          bot('BotMenuShown', { menu: 'queues', queueId: null, path: [], attempt: 1, windowStartedAt: new Date(time).toISOString() });
          botActive = true;
        } else if (botActive && roll < 0.35) {
          bot('BotHandedOver', { reason: 'queued', at: new Date(time).toISOString() });
          botActive = false;
        } else if (roll < 0.45) {
          queueId = pick(options.queueIds);
          ticket('TicketQueueAssigned', { queueId, reason: 'menu' });
        } else if (roll < 0.5) {
          ticket('TicketLgpdConsentRequested');
          status = 'lgpd';
        } else if (roll < 0.6) {
          ticket('TicketClosed', { userId: null, farewell: false, reason: 'ignored' });
          status = 'closed';
          botActive = false;
        } else {
          ticket('TicketAccepted', { userId: pick(options.userIds), queueId, status: 'open' });
          status = 'open';
          botActive = false;
        }
      } else if (status === 'lgpd') {
        const accepted = roll < 0.8;
        ticket('TicketLgpdConsentAnswered', { accepted });
        if (accepted) status = 'pending';
      } else if (status === 'open') {
        if (roll < 0.15) {
          ticket('TicketReturnedToQueue', { fromUserId: null, queueId });
          status = 'pending';
        } else if (roll < 0.3) {
          const to = pick(options.queueIds);
          const toUser = rand() < 0.5 ? pick(options.userIds) : null;
          ticket('TicketTransferred', { from: { userId: null, queueId }, to: { userId: toUser, queueId: to }, status: toUser ? 'open' : 'pending' });
          queueId = to;
          status = toUser ? 'open' : 'pending';
        } else {
          ticket('TicketClosed', { userId: rand() < 0.8 ? pick(options.userIds) : null, farewell: true, reason: 'resolved' });
          status = 'closed';
        }
      } else if (status === 'closed') {
        if (roll < 0.4) {
          ticket('TicketRatingRequested');
          status = 'nps';
        } else if (roll < 0.7) {
          ticket('TicketReopened', { userId: pick(options.userIds), queueId, status: 'open' });
          status = 'open';
        } else break;
      } else if (status === 'nps') {
        if (roll < 0.75) ticket('TicketRated', { rating: 1 + Math.floor(rand() * 5) });
        else ticket('TicketRatingExpired');
        status = 'closed';
      }
    }
  }
  return planned;
}

/** One ticket's figures, recomputed from its events by walking its timeline (docs/metrics.md). */
export interface Recomputed {
  ticketId: number;
  counted: boolean;
  status: string;
  userId: number | null;
  queueId: number | null;
  createdDay: string;
  closedDay: string | null;
  lead: boolean;
  wait: number;
  waited: boolean;
  support: number;
  bot: number;
  reopened: number;
  rating: number | null;
}

const dayOf = (zone: string, iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** Independently of the projector: the log's events, in log order, replayed as intervals. */
export function recompute(log: RecordedEvent[], zone: string): Map<number, Recomputed> {
  const out = new Map<number, Recomputed>();
  const state = new Map<number, { since: string; bot: boolean }>();
  const contactsSeen = new Map<string, number>();
  const finished = (status: string) => status === 'closed' || status === 'nps';
  const running = (t: Recomputed, bot: boolean) =>
    t.status === 'lgpd' || (t.status === 'pending' && bot) ? 'bot' : t.status === 'pending' ? 'wait' : t.status === 'open' ? 'support' : null;
  for (const event of log) {
    const data = event.data as any;
    const id = data.ticketId as number;
    if (event.type === 'TicketCreated') {
      if (out.has(id)) continue;
      const key = `${event.metadata.companyId}:${data.contactId}`;
      const lead = !contactsSeen.has(key);
      contactsSeen.set(key, id);
      out.set(id, {
        ticketId: id,
        counted: !data.isGroup,
        status: data.status,
        userId: data.userId,
        queueId: data.queueId,
        createdDay: dayOf(zone, event.metadata.occurredAt),
        closedDay: null,
        lead,
        wait: 0,
        waited: false,
        support: 0,
        bot: 0,
        reopened: 0,
        rating: null,
      });
      state.set(id, { since: event.metadata.occurredAt, bot: false });
      continue;
    }
    const t = out.get(id);
    if (!t) continue;
    const s = state.get(id)!;
    const clockBefore = running(t, s.bot);
    const statusBefore = t.status;
    switch (event.type) {
      case 'TicketAccepted':
      case 'TicketReopened':
        if (event.type === 'TicketReopened' && finished(t.status)) t.reopened++;
        t.status = data.status;
        t.userId = data.userId;
        t.queueId = data.queueId;
        s.bot = false;
        break;
      case 'TicketClosed':
        t.status = 'closed';
        if (data.userId !== null) t.userId = data.userId;
        s.bot = false;
        break;
      case 'TicketReturnedToQueue':
        t.status = 'pending';
        t.userId = null;
        t.queueId = data.queueId;
        s.bot = false;
        break;
      case 'TicketTransferred':
        t.status = data.status;
        t.userId = data.to.userId;
        t.queueId = data.to.queueId;
        s.bot = false;
        break;
      case 'TicketDeleted':
        t.counted = false;
        break;
      case 'TicketQueueAssigned':
        t.queueId = data.queueId;
        break;
      case 'TicketLgpdConsentRequested':
        t.status = 'lgpd';
        break;
      case 'TicketLgpdConsentAnswered':
        if (data.accepted) t.status = 'pending';
        break;
      case 'TicketRatingRequested':
        t.status = 'nps';
        break;
      case 'TicketRated':
        t.status = 'closed';
        t.rating = data.rating;
        break;
      case 'TicketRatingExpired':
        t.status = 'closed';
        break;
      case 'BotMenuShown':
        if (data.menu !== 'rating' && (t.status === 'pending' || t.status === 'lgpd')) s.bot = true;
        break;
      case 'BotHandedOver':
        s.bot = false;
        break;
      default:
        continue;
    }
    if (finished(t.status) && !finished(statusBefore)) t.closedDay = dayOf(zone, event.metadata.occurredAt);
    if (!finished(t.status)) t.closedDay = null;
    const clockAfter = running(t, s.bot);
    if (clockAfter !== clockBefore) {
      const seconds = Math.max(0, Math.round((Date.parse(event.metadata.occurredAt) - Date.parse(s.since)) / 1000));
      if (clockBefore === 'wait') t.wait += seconds;
      if (clockBefore === 'bot') t.bot += seconds;
      if (clockBefore === 'support') t.support += seconds;
      if (clockAfter === 'support' && (clockBefore === 'wait' || t.wait > 0)) t.waited = true;
      s.since = event.metadata.occurredAt;
    }
  }
  return out;
}
