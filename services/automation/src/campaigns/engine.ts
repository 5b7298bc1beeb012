import {
  campaignOptOutStream,
  campaignSettingsStream,
  campaignShippingsStream,
  campaignStream,
  SHIPPINGS_PER_EVENT,
  type Actor,
  type Channel,
  type CampaignDetails,
  type CampaignEvent,
  type CampaignSettingsValues,
  type EventToAppend,
  type PlannedShipping,
  type ShippingKind,
  type StoredMedia,
} from '@conversa/contracts';
import { campaign, campaignReadiness, campaignSettings, DEFAULT_TIME_ZONE, engineCampaignCommand, fold, phoneKey, type CampaignLookup, type UseCaseContext } from '@conversa/core';
import { contactListItemsForPlan } from '@conversa/projections/contactLists/queries';
import { campaignsToDispatch } from '@conversa/projections/campaigns/queries';
import { fileListOptions } from '@conversa/projections/files/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { consoleJobLogger, type JobLogger } from '@conversa/projector';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { classifyFailure, fillVariables, insideWindow, pauseAfter, shippingMessageId } from './pacing';
import { campaignComplete, emptyShippings, foldShipping, nextKind, type ShippingItem, type ShippingsState } from './shippings';

/** What the engine hands a channel: the sender reactor's OutboundMessage, which the channels' gateway accepts. */
export interface CampaignOutbound {
  companyId: number;
  whatsappId: number;
  channel: Channel;
  contact: { number: string; isGroup: boolean };
  /** Deterministic per campaign, contact and kind: the channel's idempotency key, so a resend after a crash is one delivery. */
  messageId: string;
  body: string;
  mediaType: 'chat' | 'image' | 'audio' | 'video' | 'application';
  media: (StoredMedia & { read(): Promise<Readable> }) | null;
  location: null;
  quotedProviderId: null;
}
export interface CampaignChannel {
  send(message: CampaignOutbound): Promise<{ providerId: string }>;
}
export interface CampaignMedia {
  open(companyId: number, url: string): Promise<{ stream: Readable } | undefined>;
}

export interface CampaignEngineOptions {
  ctx: UseCaseContext;
  db: Kysely<ReadDatabase>;
  channel: CampaignChannel;
  media: CampaignMedia;
  lookup: CampaignLookup;
  timeZone?: string;
  /** Where a campaign's failed tick is told (pino-shaped). Default: stderr. */
  logger?: JobLogger;
  random?: () => number;
  /** Contacts attempted in one append when the pacing allows it (interval 0). Default 25. */
  batchSize?: number;
  /** How long a tick keeps sending before it yields (the next tick goes on). Default 3 s. */
  tickBudgetMs?: number;
  /** A channel call that takes longer fails (its connection rests). Default 30 s. */
  sendTimeoutMs?: number;
  /** How long a connection that was down rests before it is tried again. Default 15 s. */
  connectionRestMs?: number;
}

const engineActor: Actor = { kind: 'system', id: 'campaign-dispatch' };

const mediaTypeOf = (mime: string): CampaignOutbound['mediaType'] => {
  const top = mime.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'application';
};

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`channel call timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });

/**
 * How many messages may go out back to back from here: one when the settings ask for a pause after
 * each; otherwise up to the next longer pause (longerIntervalAfter), so a batch never skips it.
 */
export function batchAllowed(settings: Pick<CampaignSettingsValues, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>, sent: number): number {
  if (settings.messageInterval > 0) return 1;
  if (settings.longerIntervalAfter > 0 && settings.greaterInterval > 0) return settings.longerIntervalAfter - (sent % settings.longerIntervalAfter);
  return Number.POSITIVE_INFINITY;
}

/**
 * The campaign dispatch engine (the automation role, one process at a time under its lease). Each
 * tick starts the campaigns whose time has come, plans a started one once (every contact, its
 * connection and message slot, in one append), then sends what the pacing allows: every attempt is
 * recorded before the channel is called and its outcome after, in the campaign's shippings stream.
 * A restart folds that stream again and resumes: what was delivered is never sent again, and the
 * attempt in flight when a process died is resent with the same message id, which the channel
 * treats as the same message.
 */
export function createCampaignEngine(options: CampaignEngineOptions) {
  const { ctx, db, channel, media, lookup } = options;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const random = options.random ?? Math.random;
  const batchSize = options.batchSize ?? 25;
  const budgetMs = options.tickBudgetMs ?? 3_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const restMs = options.connectionRestMs ?? 15_000;
  const states = new Map<number, ShippingsState>();
  /** Per campaign and connection: when it may send again (pacing) or rests (down). */
  const nextAt = new Map<string, number>();
  const restingUntil = new Map<number, number>();

  async function append(streamId: string, companyId: number, events: Array<{ type: string; data: unknown }>, expectedRevision: 'any' | 'no_stream' = 'any', now: Date) {
    const correlationId = randomUUID();
    const toAppend: EventToAppend[] = events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: ctx.registry.validateForAppend(event.type, event.data),
      metadata: { companyId, actor: engineActor, correlationId, causationId: correlationId, occurredAt: now.toISOString(), schemaVersion: ctx.registry.versionOf(event.type) },
    }));
    return ctx.store.appendToStream(streamId, toAppend, { expectedRevision });
  }

  async function shippings(campaignId: number): Promise<ShippingsState> {
    const state = states.get(campaignId) ?? emptyShippings();
    const fresh = await ctx.store.readStream(campaignShippingsStream(campaignId), { fromRevision: state.revision + 1 });
    for (const event of fresh) foldShipping(state, event);
    states.set(campaignId, state);
    return state;
  }

  async function settingsOf(companyId: number): Promise<CampaignSettingsValues> {
    return fold(campaignSettings, (await ctx.store.readStream(campaignSettingsStream(companyId))) as never);
  }

  async function optOutsOf(companyId: number): Promise<Set<string>> {
    const events = await ctx.store.readStream(campaignOptOutStream(companyId));
    return new Set(events.map((event) => phoneKey((event.data as { number: string }).number)));
  }

  const command = (companyId: number, id: number, cmd: Parameters<typeof engineCampaignCommand>[1]['command']) => engineCampaignCommand(ctx, { companyId, actor: engineActor, id, command: cmd });

  /** Every contact of the list, spread over the connections, each with one of the filled slots; one append. */
  async function plan(companyId: number, campaignId: number, details: CampaignDetails, now: Date): Promise<boolean> {
    const items = details.contactListId === null ? [] : await contactListItemsForPlan(db, companyId, details.contactListId);
    if (items.length === 0 || details.whatsappIds.length === 0) {
      await command(companyId, campaignId, { type: 'CancelCampaign', pause: { code: items.length === 0 ? 'ERR_CAMPAIGN_LIST_EMPTY' : 'ERR_CAMPAIGN_CONNECTION_GONE', detail: '' } });
      return false;
    }
    const slots = details.messages.flatMap((text, index) => (text ? [index] : []));
    const confirmationSlots = details.confirmationMessages.flatMap((text, index) => (text ? [index] : []));
    const pick = (choices: number[]) => choices[Math.floor(random() * choices.length)] ?? 0;
    const planned: PlannedShipping[] = items.map((item, index) => ({
      itemId: item.id,
      name: item.name.slice(0, 50),
      number: item.number,
      email: item.email,
      connectionId: details.whatsappIds[index % details.whatsappIds.length]!,
      messageIndex: pick(slots),
      confirmationIndex: details.confirmation && confirmationSlots.length > 0 ? pick(confirmationSlots) : null,
      valid: item.isWhatsappValid,
    }));
    const events = [];
    for (let start = 0; start < planned.length; start += SHIPPINGS_PER_EVENT) events.push({ type: 'CampaignShippingsPlanned', data: { campaignId, shippings: planned.slice(start, start + SHIPPINGS_PER_EVENT) } });
    try {
      await append(campaignShippingsStream(campaignId), companyId, events, 'no_stream', now);
    } catch (error) {
      // Planned by a process that held the lease before: its plan stands.
      if ((error as { code?: string }).code !== 'ERR_WRONG_EXPECTED_VERSION' && (error as Error).name !== 'WrongExpectedVersionError') throw error;
    }
    return true;
  }

  async function startIfDue(companyId: number, campaignId: number, now: Date): Promise<void> {
    const state = fold(campaign, (await ctx.store.readStream(campaignStream(campaignId))) as unknown as CampaignEvent[]);
    if (state.status !== 'PROGRAMADA' || state.deleted || !state.details.scheduledAt || Date.parse(state.details.scheduledAt) > now.getTime()) return;
    const refusal = await campaignReadiness(lookup, companyId, state.details);
    // Refused before anything is planned: nothing is half-sent, and the report says why.
    if (refusal) await command(companyId, campaignId, { type: 'CancelCampaign', pause: { code: refusal.code, detail: refusal.message.slice(0, 500) } });
    else await command(companyId, campaignId, { type: 'StartCampaign' });
  }

  /** Sends what is due of one running campaign; answers how many channel calls it made. */
  async function dispatch(companyId: number, campaignId: number, now: Date): Promise<number> {
    const life = fold(campaign, (await ctx.store.readStream(campaignStream(campaignId))) as unknown as CampaignEvent[]);
    if (life.status !== 'EM_ANDAMENTO' || life.deleted) return 0;
    const details = life.details;
    let state = await shippings(campaignId);
    if (!state.planned) {
      if (!(await plan(companyId, campaignId, details, now))) return 0;
      state = await shippings(campaignId);
    }
    if (campaignComplete(state, details.confirmation, now.getTime())) {
      await command(companyId, campaignId, { type: 'FinishCampaign' });
      return 0;
    }
    const settings = await settingsOf(companyId);
    if (!insideWindow(details.sendWindow ?? settings.sendWindow, now, timeZone)) return 0;
    const optOuts = await optOutsOf(companyId);

    // Contacts that need something now, per connection, in plan order.
    const due = new Map<number, Array<{ item: ShippingItem; kind: ShippingKind }>>();
    const skipped: Array<{ type: string; data: unknown }> = [];
    for (const itemId of state.order) {
      const item = state.items.get(itemId)!;
      const kind = nextKind(item, details.confirmation);
      if (!kind) continue;
      if (optOuts.has(phoneKey(item.number)) || item.valid === false) {
        skipped.push({ type: 'CampaignShippingSkipped', data: { campaignId, itemId, reason: item.valid === false ? 'invalid-number' : 'opted-out' } });
        continue;
      }
      const list = due.get(item.connectionId) ?? [];
      if (list.length < batchSize) list.push({ item, kind });
      due.set(item.connectionId, list);
    }
    if (skipped.length > 0) await append(campaignShippingsStream(campaignId), companyId, skipped, 'any', now);

    let calls = 0;
    for (const [connectionId, work] of due) {
      if ((restingUntil.get(connectionId) ?? 0) > now.getTime()) continue;
      const key = `${campaignId}:${connectionId}`;
      const pacing = state.connections.get(connectionId) ?? { sent: 0, lastAt: 0 };
      // After a restart the pacing resumes from the last recorded attempt.
      const allowedAt = nextAt.get(key) ?? (pacing.sent > 0 ? pacing.lastAt + pauseAfter(settings, pacing.sent, random) : 0);
      if (allowedAt > now.getTime()) continue;
      // Without a pause between messages a batch goes out per append; with one, one message per wake.
      const batch = work.slice(0, batchAllowed(settings, pacing.sent));
      const outcome = await sendBatch(companyId, campaignId, details, connectionId, batch, now);
      calls += outcome.calls;
      const after = await shippings(campaignId);
      const sent = after.connections.get(connectionId)?.sent ?? 0;
      nextAt.set(key, now.getTime() + pauseAfter(settings, sent, random));
      if (outcome.down) restingUntil.set(connectionId, now.getTime() + restMs);
      if (outcome.pause) {
        await command(companyId, campaignId, { type: 'CancelCampaign', pause: outcome.pause });
        break;
      }
    }
    return calls;
  }

  async function sendBatch(companyId: number, campaignId: number, details: CampaignDetails, connectionId: number, batch: Array<{ item: ShippingItem; kind: ShippingKind }>, now: Date) {
    const stream = campaignShippingsStream(campaignId);
    const connection = await db.selectFrom('read.connections').select(['channel', 'name']).where('id', '=', connectionId).where('deleted', '=', false).executeTakeFirst();
    if (!connection) return { calls: 0, down: false, pause: { code: 'ERR_CAMPAIGN_CONNECTION_GONE', detail: `connection ${connectionId}` } };
    const settings = await settingsOf(companyId);
    // The campaign's file list goes with each message, file by file, each with its own stable id.
    const files = details.fileListId === null ? [] : ((await fileListOptions(db, companyId, details.fileListId)) ?? []);
    const attempts = batch.map(({ item, kind }) => ({ item, kind, messageId: item.attempted[kind] ?? shippingMessageId(campaignId, item.itemId, kind) }));
    await append(stream, companyId, attempts.map(({ item, kind, messageId }) => ({ type: 'CampaignShippingAttempted', data: { campaignId, itemId: item.itemId, kind, messageId, connectionId } })), 'any', now);
    const outcomes: Array<{ type: string; data: unknown }> = [];
    let calls = 0;
    let down = false;
    let pause: { code: string; detail: string } | null = null;
    for (const { item, kind, messageId } of attempts) {
      const template = kind === 'confirmation' ? details.confirmationMessages[item.confirmationIndex ?? 0]! : details.messages[item.messageIndex]!;
      const body = fillVariables(template, { name: item.name, number: item.number, email: item.email, now, timeZone, variables: settings.variables, protocol: `${campaignId}${item.itemId}`, connection: connection.name });
      const file = kind === 'message' ? details.media : null;
      const outbound: CampaignOutbound = {
        companyId,
        whatsappId: connectionId,
        channel: connection.channel as Channel,
        contact: { number: item.number, isGroup: false },
        messageId,
        body,
        mediaType: file ? mediaTypeOf(file.mime) : 'chat',
        media: file && {
          ...file,
          async read() {
            const opened = await media.open(companyId, file.url);
            if (!opened) throw new Error(`media file ${file.url} is missing`);
            return opened.stream;
          },
        },
        location: null,
        quotedProviderId: null,
      };
      calls += 1;
      try {
        const { providerId } = await withTimeout(channel.send(outbound), sendTimeoutMs);
        if (kind === 'message') {
          for (const [index, option] of files.entries()) {
            const file = option.media;
            await withTimeout(
              channel.send({
                ...outbound,
                messageId: shippingMessageId(campaignId, item.itemId, 'message', index + 1),
                body: option.name,
                mediaType: mediaTypeOf(file.mime),
                media: { ...file, read: async () => (await media.open(companyId, file.url))?.stream ?? Promise.reject(new Error(`media file ${file.url} is missing`)) },
              }),
              sendTimeoutMs,
            );
          }
        }
        const at = new Date().toISOString();
        outcomes.push(
          kind === 'confirmation'
            ? { type: 'CampaignConfirmationRequested', data: { campaignId, itemId: item.itemId, providerId: String(providerId).slice(0, 255) || messageId, requestedAt: at } }
            : { type: 'CampaignShippingDelivered', data: { campaignId, itemId: item.itemId, providerId: String(providerId).slice(0, 255) || messageId, deliveredAt: at } },
        );
      } catch (error) {
        const failure = classifyFailure(error instanceof Error ? error.message || error.name : String(error));
        // A pause or a connection down leaves the attempt open: it is resent, same id, when sending resumes.
        if (failure.kind === 'pause') pause = { code: failure.code, detail: failure.detail };
        else if (failure.kind === 'connection-down') down = true;
        else outcomes.push({ type: 'CampaignShippingFailed', data: { campaignId, itemId: item.itemId, reason: failure.detail } });
        if (failure.kind !== 'failed') break;
      }
    }
    if (outcomes.length > 0) await append(stream, companyId, outcomes, 'any', now);
    return { calls, down, pause };
  }

  return {
    /** One pass: start what is due, then send for up to the budget. Answers the channel calls made. */
    async tick(now: () => Date = () => ctx.now()): Promise<number> {
      const started = Date.now();
      let total = 0;
      for (;;) {
        let calls = 0;
        for (const { id, companyId, status } of await campaignsToDispatch(db)) {
          try {
            if (status === 'PROGRAMADA') await startIfDue(companyId, id, now());
            else calls += await dispatch(companyId, id, now());
          } catch (error) {
            // One campaign's trouble (a deleted list, a store hiccup) must not hold the others.
            (options.logger ?? consoleJobLogger).warn({ err: error, campaignId: id }, `campaign-dispatch: campaign ${id} failed this tick`);
          }
        }
        total += calls;
        if (calls === 0 || Date.now() - started > budgetMs) return total;
      }
    },
    /** Forget cached state (a test simulating a fresh process). */
    reset() {
      states.clear();
      nextAt.clear();
      restingUntil.clear();
    },
  };
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>;
