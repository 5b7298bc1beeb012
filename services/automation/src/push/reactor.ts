import { lastMessagePreview, type PushPayload, type RecordedProductEvent } from '@conversa/contracts';
import { contactName } from '@conversa/projections/contacts/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { queueName } from '@conversa/projections/queues/queries';
import { ticketHolder } from '@conversa/projections/tickets/queries';
import { queueMemberIds } from '@conversa/projections/users/queries';
import { claimDelivery, pushChoices, removeSubscription, subscriptionsOf, usersWithVisibleTab } from '@conversa/projections/push/store';
import { defineReactor, type Projector } from '@conversa/platform';
import type { Kysely } from 'kysely';
import type { AutomationLogger } from '../schedules/sender';
import { sendWebPush } from './send';
import type { VapidKeys } from './vapid';

/**
 * Who among these users set herself away or offline by choice (the top bar's status, owned by the assignment work:
 * `absentByChoice` in projections/assignment/queries.ts): nothing is pushed to them.
 */
export type ChosenAbsence = (companyId: number, userIds: readonly number[]) => Promise<ReadonlySet<number>>;
export const nobodyAbsent: ChosenAbsence = async () => new Set();

export interface PushReactorOptions {
  db: Kysely<ReadDatabase>;
  vapid: VapidKeys;
  now(): Date;
  logger: AutomationLogger;
  chosenAbsence?: ChosenAbsence;
  send?: typeof sendWebPush;
  /** Per push; the reactor's batch waits for its pushes. */
  timeoutMs?: number;
}

/** A push about a ticket is worth little after this: the push service drops it rather than deliver it late. */
export const PUSH_TTL_SECONDS = 30 * 60;
const PREVIEW_CHARS = 120;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type Notice = { companyId: number; userIds: number[]; want: 'newTickets' | 'newMessages'; payload: PushPayload; topic: string };

/**
 * Web Push for a new ticket waiting in a user's queues and a contact's new message on a ticket she attends, while
 * no tab of hers shows the app (the edge's visibility frames), unless she chose away or offline or turned that kind
 * off. A reactor on the log, leased by its runtime like every reactor; each (event, endpoint) is claimed in
 * push.deliveries before it is sent, so a batch handled again after a crash or restart pushes nothing twice (a
 * crash between the claim and the send loses that one push: a late duplicate is worse than a missed nudge).
 */
export function createPushReactor(options: PushReactorOptions): Projector {
  const { db, logger } = options;
  const chosenAbsence = options.chosenAbsence ?? nobodyAbsent;
  const send = options.send ?? sendWebPush;

  async function noticeOf(event: RecordedProductEvent<'TicketCreated' | 'MessageReceived'>): Promise<Notice | null> {
    const companyId = event.metadata.companyId;
    if (companyId === undefined) return null;
    if (event.type === 'TicketCreated') {
      const { data } = event;
      if (data.status !== 'pending' || data.queueId === null || data.userId !== null) return null;
      const [userIds, contact, queue] = await Promise.all([
        queueMemberIds(db, companyId, data.queueId),
        contactName(db, data.contactId),
        queueName(db, data.queueId),
      ]);
      return {
        companyId,
        userIds,
        want: 'newTickets',
        payload: { kind: 'ticket', ticketUuid: data.uuid, title: cut(contact ?? '', 200), body: cut(queue ?? '', 200) },
        topic: `t${data.ticketId}`,
      };
    }
    if (event.type === 'MessageReceived') {
      const { data } = event;
      const ticket = await ticketHolder(db, data.ticketId);
      if (!ticket || ticket.userId === null || ticket.status !== 'open') return null;
      const contact = await contactName(db, ticket.contactId);
      return {
        companyId,
        userIds: [ticket.userId],
        want: 'newMessages',
        payload: { kind: 'message', ticketUuid: ticket.uuid, title: cut(contact ?? '', 200), body: cut(lastMessagePreview(data), PREVIEW_CHARS) },
        topic: `t${data.ticketId}`,
      };
    }
    return null;
  }

  async function recipients(notice: Notice): Promise<number[]> {
    const [absent, visible] = await Promise.all([chosenAbsence(notice.companyId, notice.userIds), usersWithVisibleTab(db, notice.userIds)]);
    const candidates = notice.userIds.filter((userId) => !absent.has(userId) && !visible.has(userId));
    const wanted = await Promise.all(candidates.map(async (userId) => ((await pushChoices(db, userId))[notice.want] ? userId : null)));
    return wanted.filter((userId): userId is number => userId !== null);
  }

  return defineReactor({
    name: 'push-notifications',
    // A first start on a database with history pushes nothing about its past tickets and messages.
    startFrom: 'now',
    eventTypes: ['TicketCreated', 'MessageReceived'],
    async react(events) {
      for (const event of events) {
        const notice = await noticeOf(event);
        if (!notice || notice.userIds.length === 0) continue;
        const subscriptions = await subscriptionsOf(db, await recipients(notice));
        for (const subscription of subscriptions) {
          if (!(await claimDelivery(db, event.id, subscription.endpoint, options.now()))) continue;
          const outcome = await send(options.vapid, subscription, notice.payload, {
            ttlSeconds: PUSH_TTL_SECONDS,
            topic: notice.topic,
            timeoutMs: options.timeoutMs ?? 10_000,
          });
          if (outcome.status === 'gone') await removeSubscription(db, subscription.endpoint);
          else if (outcome.status === 'failed')
            logger.warn(
              { userId: subscription.userId, eventId: event.id, correlationId: event.metadata.correlationId, reason: outcome.reason },
              'push not delivered',
            );
        }
      }
    },
  });
}
