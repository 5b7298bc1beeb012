import { isFinished, isWaiting, type TicketFact } from './facts';

/** The measures of one daily row (company, day, attendant, queue), as docs/metrics.md defines them. */
export interface DailyMeasures {
  /** Tickets created that day (metrics: "ticket"). */
  tickets: number;
  /** …of which waiting now: pending or lgpd (supportPending). */
  pending: number;
  /** …of which being attended now: open (supportHappening). */
  open: number;
  /** …of which finished now: closed or nps (supportFinished). */
  finished: number;
  /** …of which the contact's first ticket (leads). */
  leads: number;
  /** …of which a person took after a wait, and the sum of their waits (avgWaitTime). */
  waited: number;
  waitSeconds: number;
  /** Sum of the support time of the finished ones (avgSupportTime = supportSeconds / finished). */
  supportSeconds: number;
  /** Sum of the bot time of all of them. */
  botSeconds: number;
  /** Reopenings of them. */
  reopened: number;
  /** Ratings of them: how many, their sum, and the buckets of nps-info (4–5 boa, 3 media, 1–2 ruim). */
  ratings: number;
  ratingSum: number;
  ratingGood: number;
  ratingNeutral: number;
  ratingBad: number;
  /** Tickets whose (current) close fell on that day, wherever they were created (atendimentos-encerrados). */
  closed: number;
}

export const measureNames = [
  'tickets',
  'pending',
  'open',
  'finished',
  'leads',
  'waited',
  'waitSeconds',
  'supportSeconds',
  'botSeconds',
  'reopened',
  'ratings',
  'ratingSum',
  'ratingGood',
  'ratingNeutral',
  'ratingBad',
  'closed',
] as const satisfies readonly (keyof DailyMeasures)[];

export const emptyMeasures = (): DailyMeasures => Object.fromEntries(measureNames.map((name) => [name, 0])) as unknown as DailyMeasures;

export interface DailyKey {
  companyId: number;
  day: string;
  userId: number | null;
  queueId: number | null;
}

/** Group conversations and deleted tickets count in no figure (metrics: "ticket"). */
export const counts = (fact: TicketFact): boolean => !fact.deleted && !fact.isGroup;

/** What one ticket adds to the daily rows: on the day it was created, and on the day it was closed. */
export function contributions(fact: TicketFact | null): Array<{ key: DailyKey; measures: Partial<DailyMeasures> }> {
  if (!fact || !counts(fact)) return [];
  const who = { companyId: fact.companyId, userId: fact.userId, queueId: fact.queueId };
  const finished = isFinished(fact.status);
  const rating = fact.rating;
  const created: Partial<DailyMeasures> = {
    tickets: 1,
    pending: isWaiting(fact.status) ? 1 : 0,
    open: fact.status === 'open' ? 1 : 0,
    finished: finished ? 1 : 0,
    leads: fact.lead ? 1 : 0,
    waited: fact.answeredAfterWait ? 1 : 0,
    waitSeconds: fact.answeredAfterWait ? fact.waitSeconds : 0,
    supportSeconds: finished ? fact.supportSeconds : 0,
    botSeconds: fact.botSeconds,
    reopened: fact.reopened,
    ratings: rating !== null ? 1 : 0,
    ratingSum: rating ?? 0,
    ratingGood: rating !== null && rating >= 4 ? 1 : 0,
    ratingNeutral: rating === 3 ? 1 : 0,
    ratingBad: rating !== null && rating <= 2 ? 1 : 0,
  };
  const out = [{ key: { ...who, day: fact.createdDay }, measures: created }];
  if (finished && fact.closedDay) out.push({ key: { ...who, day: fact.closedDay }, measures: { closed: 1 } });
  return out;
}

const keyId = (key: DailyKey) => `${key.companyId}|${key.day}|${key.userId ?? ''}|${key.queueId ?? ''}`;

/** Accumulates contribution changes: + the new contributions, − the old ones, per daily row. */
export class DailyDeltas {
  readonly rows = new Map<string, { key: DailyKey; measures: DailyMeasures }>();

  add(fact: TicketFact | null, sign: 1 | -1) {
    for (const { key, measures } of contributions(fact)) {
      const id = keyId(key);
      const row = this.rows.get(id) ?? { key, measures: emptyMeasures() };
      for (const name of measureNames) row.measures[name] += sign * (measures[name] ?? 0);
      this.rows.set(id, row);
    }
  }

  nonZero() {
    return [...this.rows.values()].filter((row) => measureNames.some((name) => row.measures[name] !== 0));
  }
}
