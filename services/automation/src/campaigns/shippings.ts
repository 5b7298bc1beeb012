import type { PlannedShipping, RecordedEvent, ShippingEvent, ShippingKind } from '@conversa/contracts';

/** One contact of a campaign as its shipping events left it. */
export interface ShippingItem extends PlannedShipping {
  /** The message id of the last attempt of each kind (resent with the same id after a crash). */
  attempted: Partial<Record<ShippingKind, string>>;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  done: 'delivered' | 'failed' | 'skipped' | null;
}

/** A campaign's shippings folded (the engine's working state, rebuilt from the stream after a restart). */
export interface ShippingsState {
  planned: boolean;
  /** Plan order: contacts go out in list order, each on its planned connection. */
  order: number[];
  items: Map<number, ShippingItem>;
  /** Revision of the last event folded in; -1 before the plan. */
  revision: number;
  /** Per connection: attempts so far and when the last one was made (the pacing resumes from them). */
  connections: Map<number, { sent: number; lastAt: number }>;
  lastRequestAt: number;
}

export const emptyShippings = (): ShippingsState => ({ planned: false, order: [], items: new Map(), revision: -1, connections: new Map(), lastRequestAt: 0 });

export function foldShipping(state: ShippingsState, recorded: RecordedEvent): ShippingsState {
  const event = recorded as unknown as ShippingEvent & { metadata: RecordedEvent['metadata'] };
  state.revision = recorded.revision;
  switch (event.type) {
    case 'CampaignShippingsPlanned':
      state.planned = true;
      for (const shipping of event.data.shippings) {
        if (state.items.has(shipping.itemId)) continue;
        state.order.push(shipping.itemId);
        state.items.set(shipping.itemId, { ...shipping, attempted: {}, confirmationRequestedAt: null, confirmedAt: null, done: null });
      }
      break;
    case 'CampaignShippingAttempted': {
      const item = state.items.get(event.data.itemId);
      if (item) item.attempted[event.data.kind] = event.data.messageId;
      const at = Date.parse(recorded.metadata.occurredAt);
      const connection = state.connections.get(event.data.connectionId) ?? { sent: 0, lastAt: 0 };
      state.connections.set(event.data.connectionId, { sent: connection.sent + 1, lastAt: Math.max(connection.lastAt, at) });
      break;
    }
    case 'CampaignShippingDelivered': {
      const item = state.items.get(event.data.itemId);
      if (item) item.done = 'delivered';
      break;
    }
    case 'CampaignConfirmationRequested': {
      const item = state.items.get(event.data.itemId);
      if (item) item.confirmationRequestedAt = event.data.requestedAt;
      state.lastRequestAt = Math.max(state.lastRequestAt, Date.parse(event.data.requestedAt));
      break;
    }
    case 'CampaignShippingConfirmed': {
      const item = state.items.get(event.data.itemId);
      if (item) item.confirmedAt = event.data.confirmedAt;
      break;
    }
    case 'CampaignShippingFailed': {
      const item = state.items.get(event.data.itemId);
      if (item && !item.done) item.done = 'failed';
      break;
    }
    case 'CampaignShippingSkipped': {
      const item = state.items.get(event.data.itemId);
      if (item && !item.done) item.done = 'skipped';
      break;
    }
  }
  return state;
}

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
export function campaignComplete(state: ShippingsState, confirmation: boolean, now: number): boolean {
  if (!state.planned) return false;
  let waiting = false;
  for (const item of state.items.values()) {
    if (item.done) continue;
    if (nextKind(item, confirmation) !== null) return false;
    waiting = true;
  }
  return !waiting || now - state.lastRequestAt > CONFIRMATION_WAIT_MS;
}
