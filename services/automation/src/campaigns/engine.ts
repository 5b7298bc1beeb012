import {
  campaignOptOutStream,
  isProductEvent,
  campaignSettingsStream,
  campaignStream,
  type Actor,
  type CampaignDetails,
  type CampaignSettingsValues,
  type Channel,
  type PlannedShipping,
  type RecordedEvent,
  type ShippingKind,
} from '@conversa/contracts';
import {
  campaign,
  campaignComplete,
  campaignReadiness,
  campaignSettings,
  catchUpShippings,
  DEFAULT_TIME_ZONE,
  emptyShippingsView,
  engineCampaignCommand,
  nextKind,
  phoneKey,
  runShippingsCommand,
  type CampaignCommand,
  type CampaignLookup,
  type ObservedShippingEvent,
  type ShippingItem,
  type ShippingsCommand,
  type ShippingsView,
  type UseCaseContext,
  foldStream,
} from '@conversa/core';
import { findConnection } from '@conversa/projections/connections/queries';
import { contactListItemsForPlan } from '@conversa/projections/contactLists/queries';
import { campaignsToDispatch, erasedShippings } from '@conversa/projections/campaigns/queries';
import { fileListOptions } from '@conversa/projections/files/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { consoleJobLogger, type JobLogger } from '@conversa/platform';
import type { Kysely } from 'kysely';
import { sendToContact, type CampaignChannel, type CampaignMedia } from './outbound';
import { classifyFailure, insideWindow, pauseAfter, shippingMessageId } from './pacing';

export type { CampaignChannel, CampaignMedia, CampaignOutbound } from './outbound';

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
 * recorded before the channel is called and its outcome after, as commands on the campaign's
 * shippings (the campaignShippings decider, appended with the expected revision and a command id).
 * A restart folds that stream again and resumes: what was delivered is never sent again, and the
 * attempt in flight when a process died is resent with the same message id, which the channel
 * treats as the same message. It reads other areas only through their queries.
 */
export function createCampaignEngine(options: CampaignEngineOptions) {
  const { ctx, db, channel, media, lookup } = options;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const random = options.random ?? Math.random;
  const batchSize = options.batchSize ?? 25;
  const budgetMs = options.tickBudgetMs ?? 3_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const restMs = options.connectionRestMs ?? 15_000;
  /** Per campaign: its shippings as this process last folded them, and per connection the attempts made and when the last was. */
  const views = new Map<number, { shippings: ShippingsView; pacing: Map<number, { sent: number; lastAt: number }> }>();
  /** Per campaign and connection: when it may send again (pacing) or rests (down). */
  const nextAt = new Map<string, number>();
  const restingUntil = new Map<number, number>();

  function viewOf(campaignId: number) {
    let view = views.get(campaignId);
    if (!view) views.set(campaignId, (view = { shippings: emptyShippingsView(), pacing: new Map() }));
    return view;
  }

  /** After a restart the pacing resumes from the attempts recorded, when they were recorded. */
  const observer = (pacing: Map<number, { sent: number; lastAt: number }>) => (event: ObservedShippingEvent) => {
    if (!isProductEvent(event, 'CampaignShippingAttempted')) return;
    const { connectionId } = event.data;
    const connection = pacing.get(connectionId) ?? { sent: 0, lastAt: 0 };
    pacing.set(connectionId, { sent: connection.sent + 1, lastAt: Math.max(connection.lastAt, Date.parse(event.occurredAt)) });
  };

  async function shippings(campaignId: number): Promise<ShippingsView> {
    const view = viewOf(campaignId);
    await catchUpShippings(ctx, campaignId, view.shippings, observer(view.pacing));
    return view.shippings;
  }

  /** A command on the campaign's shippings, decided on this process's view; its id names the revision it was decided on. */
  function record(companyId: number, campaignId: number, command: ShippingsCommand, name: string) {
    const view = viewOf(campaignId);
    return runShippingsCommand(ctx, {
      companyId,
      actor: engineActor,
      campaignId,
      command,
      commandId: `${name}@${view.shippings.revision}`,
      view: view.shippings,
      observe: observer(view.pacing),
    });
  }

  async function settingsOf(companyId: number): Promise<CampaignSettingsValues> {
    return foldStream(campaignSettings, await ctx.store.readStream(campaignSettingsStream(companyId)));
  }

  async function optOutsOf(companyId: number): Promise<Set<string>> {
    const events = await ctx.store.readStream(campaignOptOutStream(companyId));
    return new Set(events.filter((event) => isProductEvent(event, 'CampaignContactOptedOut')).map((event) => phoneKey(event.data.number)));
  }

  /** The campaign as its stream holds it, with the history its commands are decided on. */
  async function lifeOf(campaignId: number) {
    const history = await ctx.store.readStream(campaignStream(campaignId));
    return { state: foldStream(campaign, history), history };
  }

  /** A command on the campaign itself (start, pause, finish): named after the revision it was decided on, so a repeat records nothing twice. */
  const command = (companyId: number, id: number, history: readonly RecordedEvent[], cmd: CampaignCommand) =>
    engineCampaignCommand(ctx, {
      companyId,
      actor: engineActor,
      id,
      command: cmd,
      commandId: `engine-${cmd.type}@${history.at(-1)?.revision ?? -1}`,
      knownHistory: history,
    });

  /** Every contact of the list, spread over the connections, each with one of the filled slots; one append. */
  async function plan(companyId: number, campaignId: number, details: CampaignDetails, history: readonly RecordedEvent[]): Promise<boolean> {
    const items = details.contactListId === null ? [] : await contactListItemsForPlan(db, companyId, details.contactListId);
    if (items.length === 0 || details.whatsappIds.length === 0) {
      await command(companyId, campaignId, history, {
        type: 'CancelCampaign',
        pause: { code: items.length === 0 ? 'ERR_CAMPAIGN_LIST_EMPTY' : 'ERR_CAMPAIGN_CONNECTION_GONE', detail: '' },
      });
      return false;
    }
    const slots = details.messages.flatMap((text, index) => (text ? [index] : []));
    const confirmationSlots = details.confirmationMessages.flatMap((text, index) => (text ? [index] : []));
    const pick = (choices: number[]) => choices[Math.floor(random() * choices.length)] ?? 0;
    const planned: PlannedShipping[] = items.map((item, index) => ({
      itemId: item.id,
      name: item.name.slice(0, 50),
      number: item.number,
      digest: item.digest,
      email: item.email,
      connectionId: details.whatsappIds[index % details.whatsappIds.length]!,
      messageIndex: pick(slots),
      confirmationIndex: details.confirmation && confirmationSlots.length > 0 ? pick(confirmationSlots) : null,
      valid: item.isWhatsappValid,
    }));
    // Planned by a process that held the lease before: its plan stands (the decider plans once).
    await record(companyId, campaignId, { type: 'PlanShippings', campaignId, shippings: planned }, 'plan');
    return true;
  }

  async function startIfDue(companyId: number, campaignId: number, now: Date): Promise<void> {
    const { state, history } = await lifeOf(campaignId);
    if (state.status !== 'PROGRAMADA' || state.deleted || !state.details.scheduledAt || Date.parse(state.details.scheduledAt) > now.getTime()) return;
    const refusal = await campaignReadiness(lookup, companyId, state.details);
    // Refused before anything is planned: nothing is half-sent, and the report says why.
    if (refusal)
      await command(companyId, campaignId, history, { type: 'CancelCampaign', pause: { code: refusal.code, detail: refusal.message.slice(0, 500) } });
    else await command(companyId, campaignId, history, { type: 'StartCampaign' });
  }

  /** Sends what is due of one running campaign; answers how many channel calls it made. */
  async function dispatch(companyId: number, campaignId: number, now: Date): Promise<number> {
    const life = await lifeOf(campaignId);
    if (life.state.status !== 'EM_ANDAMENTO' || life.state.deleted) return 0;
    const details = life.state.details;
    const view = await shippings(campaignId);
    if (!view.state.planned && !(await plan(companyId, campaignId, details, life.history))) return 0;
    if (campaignComplete(view.state, details.confirmation, now.getTime())) {
      await command(companyId, campaignId, life.history, { type: 'FinishCampaign' });
      return 0;
    }
    const settings = await settingsOf(companyId);
    if (!insideWindow(details.sendWindow ?? settings.sendWindow, now, timeZone)) return 0;
    const optOuts = await optOutsOf(companyId);
    const erased = await erasedShippings(db, campaignId);

    // Contacts that need something now, per connection, in plan order.
    const due = new Map<number, Array<{ item: ShippingItem; kind: ShippingKind }>>();
    const skips: Array<{ itemId: number; reason: 'opted-out' | 'invalid-number' | 'erased' }> = [];
    for (const itemId of view.state.order) {
      const item = view.state.items.get(itemId)!;
      const kind = nextKind(item, details.confirmation);
      if (!kind) continue;
      if (erased.has(itemId)) {
        skips.push({ itemId, reason: 'erased' });
        continue;
      }
      if (optOuts.has(phoneKey(item.number)) || item.valid === false) {
        skips.push({ itemId, reason: item.valid === false ? 'invalid-number' : 'opted-out' });
        continue;
      }
      const list = due.get(item.connectionId) ?? [];
      if (list.length < batchSize) list.push({ item, kind });
      due.set(item.connectionId, list);
    }
    if (skips.length > 0) await record(companyId, campaignId, { type: 'SkipShippings', campaignId, skips }, 'skip');

    let calls = 0;
    const pacing = viewOf(campaignId).pacing;
    for (const [connectionId, work] of due) {
      if ((restingUntil.get(connectionId) ?? 0) > now.getTime()) continue;
      const key = `${campaignId}:${connectionId}`;
      const paced = pacing.get(connectionId) ?? { sent: 0, lastAt: 0 };
      const allowedAt = nextAt.get(key) ?? (paced.sent > 0 ? paced.lastAt + pauseAfter(settings, paced.sent, random) : 0);
      if (allowedAt > now.getTime()) continue;
      // Without a pause between messages a batch goes out per append; with one, one message per wake.
      const batch = work.slice(0, batchAllowed(settings, paced.sent));
      const outcome = await sendBatch(companyId, campaignId, details, connectionId, batch, now);
      calls += outcome.calls;
      nextAt.set(key, now.getTime() + pauseAfter(settings, pacing.get(connectionId)?.sent ?? 0, random));
      if (outcome.down) restingUntil.set(connectionId, now.getTime() + restMs);
      if (outcome.pause) {
        await command(companyId, campaignId, life.history, { type: 'CancelCampaign', pause: outcome.pause });
        break;
      }
    }
    return calls;
  }

  async function sendBatch(
    companyId: number,
    campaignId: number,
    details: CampaignDetails,
    connectionId: number,
    batch: Array<{ item: ShippingItem; kind: ShippingKind }>,
    now: Date,
  ) {
    const connection = await findConnection(db, connectionId, { companyId });
    if (!connection) return { calls: 0, down: false, pause: { code: 'ERR_CAMPAIGN_CONNECTION_GONE', detail: `connection ${connectionId}` } };
    const settings = await settingsOf(companyId);
    const files = details.fileListId === null ? [] : ((await fileListOptions(db, companyId, details.fileListId)) ?? []);
    const attempts = batch.map(({ item, kind }) => ({ itemId: item.itemId, kind, messageId: shippingMessageId(campaignId, item.itemId, kind) }));
    // Recorded before the channel is called; only what the decider recorded goes out (another writer may have got there first).
    const attempted = await record(
      companyId,
      campaignId,
      { type: 'AttemptShippings', campaignId, connectionId, confirmation: details.confirmation, attempts },
      `attempt-${connectionId}`,
    );
    const { items } = viewOf(campaignId).shippings.state;
    const outcomes: Extract<ShippingsCommand, { type: 'RecordShippingOutcomes' }>['outcomes'] = [];
    let calls = 0;
    let down = false;
    let pause: { code: string; detail: string } | null = null;
    for (const event of attempted.events) {
      if (event.type !== 'CampaignShippingAttempted') continue;
      const { itemId, kind, messageId } = event.data;
      calls += 1;
      try {
        const send = {
          companyId,
          campaignId,
          details,
          connection: { id: connectionId, channel: connection.channel as Channel, name: connection.name },
          settings,
          files,
          item: items.get(itemId)!,
          kind,
          messageId,
          now,
          timeZone,
        };
        const providerId = await sendToContact(channel, media, send, sendTimeoutMs);
        outcomes.push({ itemId, kind, outcome: { providerId, at: new Date().toISOString() } });
      } catch (error) {
        const failure = classifyFailure(error instanceof Error ? error.message || error.name : String(error));
        // A pause or a connection down leaves the attempt open: it is resent, same id, when sending resumes.
        if (failure.kind === 'pause') pause = { code: failure.code, detail: failure.detail };
        else if (failure.kind === 'connection-down') down = true;
        else outcomes.push({ itemId, kind, outcome: { failed: failure.detail } });
        if (failure.kind !== 'failed') break;
      }
    }
    if (outcomes.length > 0) await record(companyId, campaignId, { type: 'RecordShippingOutcomes', campaignId, outcomes }, `outcomes-${connectionId}`);
    return { calls, down, pause };
  }

  return {
    /**
     * One pass: start what is due, then send for up to the budget. Answers the channel calls made.
     * `signal` (the worker's lease gone, or a stop) ends it between campaigns.
     */
    async tick(now: () => Date = () => ctx.now(), signal?: AbortSignal): Promise<number> {
      const started = Date.now();
      let total = 0;
      for (;;) {
        let calls = 0;
        for (const { id, companyId, status } of await campaignsToDispatch(db)) {
          if (signal?.aborted) return total + calls;
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
      views.clear();
      nextAt.clear();
      restingUntil.clear();
    },
  };
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>;
