import { contactStream, onDutyStream, ticketChannelOf, type Channel, type MediaType, type RecordedProductEvent } from '@conversa/contracts';
import {
  contact,
  isOnDutyAt,
  isWithinOpeningHours,
  onDuty,
  onDutyAnnouncementText,
  onDutyMessageId,
  runCommand,
  systemActor,
  type CommandContext,
  foldStream,
} from '@conversa/core';
import { companySchedules, companySettingsOf } from '@conversa/projections/companies/queries';
import { defaultConnection, findConnection } from '@conversa/projections/connections/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { listOnDuty } from '@conversa/projections/onDuty/queries';
import { defineReactor, type Projector } from '@conversa/platform';
import type { Kysely } from 'kysely';
import type { AutomationLogger } from '../schedules/sender';

/** A text message to a number through a connection: what the channels' gateway sends (services/channels/src/port.ts). */
export interface AnnouncementMessage {
  companyId: number;
  whatsappId: number | null;
  channel: Channel;
  contact: { number: string; isGroup: boolean };
  messageId: string;
  body: string;
  mediaType: MediaType;
  media: null;
  location: null;
  quotedProviderId: null;
}

export interface AnnouncementGateway {
  send(message: AnnouncementMessage): Promise<{ providerId: string }>;
}

export interface OnDutyAnnouncerOptions {
  ctx: CommandContext & { db: Kysely<ReadDatabase> };
  gateway: AnnouncementGateway;
  /** The company's wall clock (COMPANY_TIME_ZONE), as the routing bot reads its opening hours. */
  timeZone(companyId: number): string;
  /** A ticket older than this when the reactor reaches it is not announced (catching up after an outage). Default 15 min. */
  freshnessMs?: number;
  /** Per send; a hung channel must not hold every company's announcements. Default 30 s. */
  sendTimeoutMs?: number;
  /** How many companies' announcements are handled at once. Default 8. */
  concurrency?: number;
  logger?: AutomationLogger;
}

/** Channels that reach a phone number: an announcement cannot go out on Messenger or Instagram. */
const PHONE_CHANNELS = new Set(['whatsapp', 'whatsappapi', 'sandbox']);

/**
 * The on-duty announcer (docs/on-duty.md): outside the company's opening hours, a new waiting
 * ticket is announced on the phone of each attendant on duty at that moment, through the ticket's
 * connection (or the company's default one when the ticket's cannot reach a phone), at most once
 * per the entry's interval. Two steps on the log, so a crash resumes where it stopped: the entry's
 * decider queues the announcement (keyed by entry and ticket, the interval kept in its state), then
 * the queued event is sent and its outcome recorded (a crash between the send and its record sends
 * that one again, as the message sender does).
 */
export function createOnDutyAnnouncer(options: OnDutyAnnouncerOptions): Projector {
  const { ctx, gateway, logger } = options;
  const freshnessMs = options.freshnessMs ?? 15 * 60_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const concurrency = Math.max(1, options.concurrency ?? 8);

  async function outOfHours(companyId: number, whatsappId: number | null, now: Date): Promise<boolean> {
    const settings = await companySettingsOf(ctx.db, companyId);
    // The hours the routing bot reads: the connection's under scheduleType connection, the company's otherwise.
    const connection = settings.scheduleType === 'connection' && whatsappId !== null ? await findConnection(ctx.db, whatsappId, { companyId }) : null;
    const hours = connection ? connection.schedules : await companySchedules(ctx.db, companyId);
    return !isWithinOpeningHours(hours, now, options.timeZone(companyId));
  }

  async function phoneConnection(companyId: number, whatsappId: number | null) {
    const own = whatsappId !== null ? await findConnection(ctx.db, whatsappId, { companyId }) : null;
    if (own && PHONE_CHANNELS.has(own.channel)) return own;
    const fallback = await defaultConnection(ctx.db, companyId);
    return fallback && PHONE_CHANNELS.has(fallback.channel) ? fallback : null;
  }

  async function ticketCreated(event: RecordedProductEvent<'TicketCreated'>): Promise<void> {
    const { data, metadata } = event;
    const companyId = metadata.companyId;
    const now = ctx.now();
    // A contact's new conversation: not one an attendant started, not a group, not an old one replayed.
    if (data.status !== 'pending' || data.isGroup || metadata.actor.kind === 'user') return;
    if (now.getTime() - Date.parse(metadata.occurredAt) > freshnessMs) return;
    const onDutyNow = (await listOnDuty(ctx.db, companyId)).filter((entry) => isOnDutyAt(entry.days, now, options.timeZone(companyId)));
    if (onDutyNow.length === 0 || !(await outOfHours(companyId, data.whatsappId, now))) return;
    const connection = await phoneConnection(companyId, data.whatsappId);
    if (!connection) {
      logger?.warn(
        { companyId, ticketId: data.ticketId, correlationId: metadata.correlationId },
        'on-duty: no connection that reaches a phone; announcement skipped',
      );
      return;
    }
    const person = foldStream(contact, await ctx.store.readStream(contactStream(data.contactId)));
    // An erased contact is announced without its name and number.
    const known = person.status === 'none' || person.status === 'erased' ? null : person.details;
    const number = known?.number ?? '';
    const name = known?.name ?? '';
    const body = onDutyAnnouncementText({ id: data.ticketId, contactName: name, contactNumber: number, connectionName: connection.name });
    for (const entry of onDutyNow) {
      await runCommand(ctx, {
        decider: onDuty,
        streamId: onDutyStream(entry.id),
        command: {
          type: 'QueueOnDutyAnnouncement',
          ticketId: data.ticketId,
          messageId: onDutyMessageId(entry.id, data.ticketId),
          whatsappId: connection.id,
          body,
        },
        companyId,
        actor: systemActor,
        commandId: `announce-ticket-${data.ticketId}`,
        causationId: event.id,
        correlationId: metadata.correlationId,
      });
    }
  }

  async function announcementQueued(event: RecordedProductEvent<'OnDutyAnnouncementQueued'>): Promise<void> {
    const { data, metadata } = event;
    const streamId = onDutyStream(data.onDutyId);
    const state = foldStream(onDuty, await ctx.store.readStream(streamId));
    if (state.status === 'none' || state.announcements.find((a) => a.messageId === data.messageId)?.status !== 'queued') return;
    const connection = await findConnection(ctx.db, data.whatsappId, { companyId: metadata.companyId });
    let outcome:
      | { type: 'RecordOnDutyAnnouncementSent'; messageId: string; providerId: string }
      | { type: 'RecordOnDutyAnnouncementFailed'; messageId: string; reason: string };
    if (!connection) outcome = { type: 'RecordOnDutyAnnouncementFailed', messageId: data.messageId, reason: 'the connection was deleted' };
    else {
      try {
        const { providerId } = await withTimeout(
          gateway.send({
            companyId: metadata.companyId,
            whatsappId: connection.id,
            channel: ticketChannelOf(connection.channel),
            contact: { number: data.phone, isGroup: false },
            messageId: data.messageId,
            body: data.body,
            mediaType: 'chat',
            media: null,
            location: null,
            quotedProviderId: null,
          }),
          sendTimeoutMs,
        );
        outcome = { type: 'RecordOnDutyAnnouncementSent', messageId: data.messageId, providerId: String(providerId).slice(0, 255) || 'unknown' };
      } catch (error) {
        outcome = {
          type: 'RecordOnDutyAnnouncementFailed',
          messageId: data.messageId,
          reason: error instanceof Error ? error.message || error.name : String(error),
        };
      }
    }
    await runCommand(ctx, {
      decider: onDuty,
      streamId,
      command: outcome,
      companyId: metadata.companyId,
      actor: systemActor,
      causationId: event.id,
      correlationId: metadata.correlationId,
    });
    if (outcome.type === 'RecordOnDutyAnnouncementFailed')
      logger?.warn(
        { onDutyId: data.onDutyId, ticketId: data.ticketId, reason: outcome.reason, correlationId: metadata.correlationId },
        'on-duty: announcement failed',
      );
  }

  return defineReactor({
    name: 'on-duty-announcer',
    eventTypes: ['TicketCreated', 'OnDutyAnnouncementQueued'],
    async react(events) {
      // One lane per company, in log order within it; lanes run side by side, so a slow channel holds only its own company.
      const lanes = new Map<number, (typeof events)[number][]>();
      for (const event of events) lanes.set(event.metadata.companyId, [...(lanes.get(event.metadata.companyId) ?? []), event]);
      const pending = [...lanes.values()];
      const workers = Array.from({ length: Math.min(concurrency, pending.length) }, async () => {
        for (let lane = pending.shift(); lane; lane = pending.shift()) {
          for (const event of lane) {
            if (event.type === 'TicketCreated') await ticketCreated(event);
            else await announcementQueued(event);
          }
        }
      });
      await Promise.all(workers);
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the channel did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
