import { DomainError, SHIPPINGS_PER_EVENT, type PlannedShipping, type ShippingEvent, type ShippingKind } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

/** One contact of a campaign as its shipping events left it. */
export interface ShippingItem extends PlannedShipping {
  /** The message id of the last attempt of each kind (resent with the same id after a crash). */
  attempted: Partial<Record<ShippingKind, string>>;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  done: 'delivered' | 'failed' | 'skipped' | null;
}

/** A campaign's shippings: the plan and where each contact stands. */
export interface Shippings {
  planned: boolean;
  /** Plan order: contacts go out in list order, each on its planned connection. */
  order: number[];
  items: Map<number, ShippingItem>;
  /** Attempts per connection so far (the pacing counts its longer pauses from them). */
  attempts: Map<number, number>;
  lastRequestAt: number;
}

type Outcome = { providerId: string; at: string } | { failed: string };

export type ShippingsCommand =
  /** Every contact of the list, once: a second plan (a process that held the lease before planned) changes nothing. */
  | { type: 'PlanShippings'; campaignId: number; shippings: PlannedShipping[] }
  /** Recorded before the channel is called. `confirmation`: the campaign asks for a reply before its message. */
  | {
      type: 'AttemptShippings';
      campaignId: number;
      connectionId: number;
      confirmation: boolean;
      attempts: Array<{ itemId: number; kind: ShippingKind; messageId: string }>;
    }
  /** What the channel answered for attempts in flight: a provider id (delivered, or confirmation requested) or a failure. */
  | { type: 'RecordShippingOutcomes'; campaignId: number; outcomes: Array<{ itemId: number; kind: ShippingKind; outcome: Outcome }> }
  | { type: 'SkipShippings'; campaignId: number; skips: Array<{ itemId: number; reason: 'opted-out' | 'invalid-number' | 'erased' }> }
  /** A contact's reply to its confirmation request (campaign-replies). */
  | { type: 'ConfirmShipping'; campaignId: number; itemId: number; confirmedAt: string };

/**
 * What a contact needs next: with confirmation on, the request first and the message only after the
 * reply; null when it is done or waits for the reply.
 */
export function nextKind(item: ShippingItem, confirmation: boolean): ShippingKind | null {
  if (item.done) return null;
  if (confirmation && item.confirmationIndex !== null) {
    if (!item.confirmationRequestedAt) return 'confirmation';
    if (!item.confirmedAt) return null;
  }
  return 'message';
}

/** How long a campaign with confirmation waits for late replies after its last request before it is FINALIZADA. */
export const CONFIRMATION_WAIT_MS = 24 * 60 * 60 * 1000;

/** Whether nothing is left to send: every contact done, or (with confirmation) waiting past the reply window. */
export function campaignComplete(state: Shippings, confirmation: boolean, now: number): boolean {
  if (!state.planned) return false;
  let waiting = false;
  for (const item of state.items.values()) {
    if (item.done) continue;
    if (nextKind(item, confirmation) !== null) return false;
    waiting = true;
  }
  return !waiting || now - state.lastRequestAt > CONFIRMATION_WAIT_MS;
}

/** Whether the attempt of this kind is open: recorded, and its outcome not yet. */
const inFlight = (item: ShippingItem, kind: ShippingKind) =>
  item.attempted[kind] !== undefined && !item.done && (kind === 'message' || item.confirmationRequestedAt === null);

/**
 * A campaign's shippings (stream `campaignshippings-<id>`): the engine's sends, skips and outcomes and
 * the contacts' confirmations are commands here, appended with the expected revision, so two writers
 * (a process that lost its lease, campaign-replies) never record a contact twice. Each command leaves
 * out the contacts it no longer applies to (sent, skipped, answered meanwhile): a command decided again
 * after a conflict or a restart records only what is still true. At most once per contact: a contact
 * delivered, failed or skipped is never attempted again, and an open attempt is resent only with its
 * first message id, which the channel treats as the same message.
 *
 * `evolve` updates the state it is given and returns it: a plan is thousands of contacts, and copying
 * them per event would cost a fold its length squared. A fold from `initialState` owns its state.
 */
export const campaignShippings: Decider<Shippings, ShippingsCommand, ShippingEvent> = {
  initialState: () => ({ planned: false, order: [], items: new Map(), attempts: new Map(), lastRequestAt: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'CampaignShippingsPlanned':
        state.planned = true;
        for (const shipping of event.data.shippings) {
          if (state.items.has(shipping.itemId)) continue;
          state.order.push(shipping.itemId);
          state.items.set(shipping.itemId, { ...shipping, attempted: {}, confirmationRequestedAt: null, confirmedAt: null, done: null });
        }
        return state;
      case 'CampaignShippingAttempted': {
        const item = state.items.get(event.data.itemId);
        if (item) item.attempted[event.data.kind] = event.data.messageId;
        state.attempts.set(event.data.connectionId, (state.attempts.get(event.data.connectionId) ?? 0) + 1);
        return state;
      }
      case 'CampaignShippingDelivered': {
        const item = state.items.get(event.data.itemId);
        if (item) item.done = 'delivered';
        return state;
      }
      case 'CampaignConfirmationRequested': {
        const item = state.items.get(event.data.itemId);
        if (item) item.confirmationRequestedAt = event.data.requestedAt;
        state.lastRequestAt = Math.max(state.lastRequestAt, Date.parse(event.data.requestedAt));
        return state;
      }
      case 'CampaignShippingConfirmed': {
        const item = state.items.get(event.data.itemId);
        if (item) item.confirmedAt = event.data.confirmedAt;
        return state;
      }
      case 'CampaignShippingFailed':
      case 'CampaignShippingSkipped': {
        const item = state.items.get(event.data.itemId);
        if (item && !item.done) item.done = event.type === 'CampaignShippingFailed' ? 'failed' : 'skipped';
        return state;
      }
    }
  },
  decide(state, command) {
    const { campaignId } = command;
    if (command.type === 'PlanShippings') {
      if (state.planned) return [];
      if (command.shippings.length === 0) throw new DomainError('ERR_CAMPAIGN_LIST_EMPTY');
      const events: ShippingEvent[] = [];
      for (let start = 0; start < command.shippings.length; start += SHIPPINGS_PER_EVENT) {
        events.push({ type: 'CampaignShippingsPlanned', data: { campaignId, shippings: command.shippings.slice(start, start + SHIPPINGS_PER_EVENT) } });
      }
      return events;
    }
    switch (command.type) {
      case 'AttemptShippings':
        return command.attempts.flatMap(({ itemId, kind, messageId }): ShippingEvent[] => {
          const item = state.items.get(itemId);
          if (!item || nextKind(item, command.confirmation) !== kind) return [];
          // An open attempt goes again under its first id: the channel shows it once.
          return [
            {
              type: 'CampaignShippingAttempted',
              data: { campaignId, itemId, kind, messageId: item.attempted[kind] ?? messageId, connectionId: command.connectionId },
            },
          ];
        });
      case 'RecordShippingOutcomes':
        return command.outcomes.flatMap(({ itemId, kind, outcome }): ShippingEvent[] => {
          const item = state.items.get(itemId);
          if (!item || !inFlight(item, kind)) return [];
          if ('failed' in outcome) return [{ type: 'CampaignShippingFailed', data: { campaignId, itemId, reason: outcome.failed.slice(0, 500) } }];
          const providerId = outcome.providerId.slice(0, 255);
          return kind === 'confirmation'
            ? [{ type: 'CampaignConfirmationRequested', data: { campaignId, itemId, providerId, requestedAt: outcome.at } }]
            : [{ type: 'CampaignShippingDelivered', data: { campaignId, itemId, providerId, deliveredAt: outcome.at } }];
        });
      case 'SkipShippings':
        return command.skips.flatMap(({ itemId, reason }): ShippingEvent[] => {
          const item = state.items.get(itemId);
          return item && !item.done ? [{ type: 'CampaignShippingSkipped', data: { campaignId, itemId, reason } }] : [];
        });
      case 'ConfirmShipping': {
        const item = state.items.get(command.itemId);
        if (!item || item.done || item.confirmationRequestedAt === null || item.confirmedAt !== null) return [];
        return [{ type: 'CampaignShippingConfirmed', data: { campaignId, itemId: command.itemId, confirmedAt: command.confirmedAt } }];
      }
    }
  },
};
