import type { PlannedShipping, ShippingEvent } from '@conversa/contracts';
import { SHIPPINGS_PER_EVENT } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../commands/decider';
import { spec } from '../commands/spec';
import { campaignComplete, campaignShippings, CONFIRMATION_WAIT_MS } from './shippings';

const campaignId = 9;
const shipping = (itemId: number, overrides: Partial<PlannedShipping> = {}): PlannedShipping => ({
  itemId,
  name: `Contato ${itemId}`,
  number: `55119300000${itemId}`,
  email: '',
  connectionId: 1,
  messageIndex: 0,
  confirmationIndex: null,
  valid: null,
  ...overrides,
});
const planned = (...shippings: PlannedShipping[]): ShippingEvent => ({ type: 'CampaignShippingsPlanned', data: { campaignId, shippings } });
const messageId = (itemId: number) => `00000000-0000-4000-8000-${String(itemId).padStart(12, '0')}`;
const attempted = (itemId: number, kind: 'message' | 'confirmation' = 'message', id = messageId(itemId)): ShippingEvent => ({
  type: 'CampaignShippingAttempted',
  data: { campaignId, itemId, kind, messageId: id, connectionId: 1 },
});
const at = '2026-01-15T12:00:00.000Z';
const delivered = (itemId: number): ShippingEvent => ({
  type: 'CampaignShippingDelivered',
  data: { campaignId, itemId, providerId: `p${itemId}`, deliveredAt: at },
});
const requested = (itemId: number): ShippingEvent => ({
  type: 'CampaignConfirmationRequested',
  data: { campaignId, itemId, providerId: `r${itemId}`, requestedAt: at },
});
const confirmed = (itemId: number): ShippingEvent => ({ type: 'CampaignShippingConfirmed', data: { campaignId, itemId, confirmedAt: at } });
const attempt = (...itemIds: number[]) => ({
  type: 'AttemptShippings' as const,
  campaignId,
  connectionId: 1,
  confirmation: false,
  attempts: itemIds.map((itemId) => ({ itemId, kind: 'message' as const, messageId: messageId(itemId) })),
});

describe('campaign shippings decider: the plan', () => {
  it('plans every contact once, in events of at most SHIPPINGS_PER_EVENT', () => {
    const many = Array.from({ length: SHIPPINGS_PER_EVENT + 1 }, (_, index) => shipping(index + 1));
    spec(campaignShippings)
      .given([])
      .when({ type: 'PlanShippings', campaignId, shippings: many })
      .then([planned(...many.slice(0, SHIPPINGS_PER_EVENT)), planned(...many.slice(SHIPPINGS_PER_EVENT))]);
  });

  it('a second plan (a process that held the lease before planned) changes nothing', () => {
    spec(campaignShippings)
      .given([planned(shipping(1))])
      .when({ type: 'PlanShippings', campaignId, shippings: [shipping(2)] })
      .then([]);
  });

  it('refuses an empty plan', () => {
    spec(campaignShippings).given([]).when({ type: 'PlanShippings', campaignId, shippings: [] }).thenThrows('ERR_CAMPAIGN_LIST_EMPTY');
  });
});

describe('campaign shippings decider: sends at most once per contact', () => {
  it('records an attempt for each contact that needs its message', () => {
    spec(campaignShippings)
      .given([planned(shipping(1), shipping(2))])
      .when(attempt(1, 2))
      .then([attempted(1), attempted(2)]);
  });

  it('never attempts a contact delivered, failed or skipped again (decided again after a restart or a conflict)', () => {
    const failed: ShippingEvent = { type: 'CampaignShippingFailed', data: { campaignId, itemId: 2, reason: 'no' } };
    const skipped: ShippingEvent = { type: 'CampaignShippingSkipped', data: { campaignId, itemId: 3, reason: 'opted-out' } };
    spec(campaignShippings)
      .given([planned(shipping(1), shipping(2), shipping(3), shipping(4)), attempted(1), delivered(1), attempted(2), failed, skipped])
      .when(attempt(1, 2, 3, 4))
      .then([attempted(4)]);
  });

  it('resends an open attempt (its process died before the outcome) under its first message id', () => {
    spec(campaignShippings)
      .given([planned(shipping(1)), attempted(1, 'message', messageId(77))])
      .when(attempt(1))
      .then([attempted(1, 'message', messageId(77))]);
  });

  it('leaves out contacts the plan does not have', () => {
    spec(campaignShippings)
      .given([planned(shipping(1))])
      .when(attempt(5))
      .then([]);
  });

  it('with confirmation, asks first and sends the message only after the reply', () => {
    const asking = shipping(1, { confirmationIndex: 0 });
    const confirmationAttempt = { ...attempt(1), confirmation: true, attempts: [{ itemId: 1, kind: 'confirmation' as const, messageId: messageId(1) }] };
    spec(campaignShippings)
      .given([planned(asking)])
      .when({ ...attempt(1), confirmation: true })
      .then([]);
    spec(campaignShippings)
      .given([planned(asking)])
      .when(confirmationAttempt)
      .then([attempted(1, 'confirmation')]);
    spec(campaignShippings)
      .given([planned(asking), attempted(1, 'confirmation'), requested(1)])
      .when({ ...attempt(1), confirmation: true })
      .then([]);
    spec(campaignShippings)
      .given([planned(asking), attempted(1, 'confirmation'), requested(1), confirmed(1)])
      .when({ ...attempt(1), confirmation: true })
      .then([attempted(1)]);
  });
});

describe('campaign shippings decider: outcomes, skips and confirmations', () => {
  const outcomes = (
    ...list: Array<{ itemId: number; kind?: 'message' | 'confirmation'; outcome: { providerId: string; at: string } | { failed: string } }>
  ) => ({
    type: 'RecordShippingOutcomes' as const,
    campaignId,
    outcomes: list.map((entry) => ({ kind: 'message' as const, ...entry })),
  });

  it('records what the channel answered for the attempts in flight, once', () => {
    spec(campaignShippings)
      .given([planned(shipping(1), shipping(2)), attempted(1), attempted(2)])
      .when(outcomes({ itemId: 1, outcome: { providerId: 'p1', at } }, { itemId: 2, outcome: { failed: 'number does not exist' } }))
      .then([delivered(1), { type: 'CampaignShippingFailed', data: { campaignId, itemId: 2, reason: 'number does not exist' } }]);
    spec(campaignShippings)
      .given([planned(shipping(1)), attempted(1), delivered(1)])
      .when(outcomes({ itemId: 1, outcome: { providerId: 'p1', at } }))
      .then([]);
  });

  it('records no outcome for a contact never attempted', () => {
    spec(campaignShippings)
      .given([planned(shipping(1))])
      .when(outcomes({ itemId: 1, outcome: { providerId: 'p1', at } }))
      .then([]);
  });

  it('a confirmation request delivered is recorded as requested', () => {
    spec(campaignShippings)
      .given([planned(shipping(1, { confirmationIndex: 0 })), attempted(1, 'confirmation')])
      .when(outcomes({ itemId: 1, kind: 'confirmation', outcome: { providerId: 'r1', at } }))
      .then([requested(1)]);
  });

  it('skips a contact not yet done, once', () => {
    const skip = {
      type: 'SkipShippings' as const,
      campaignId,
      skips: [
        { itemId: 1, reason: 'opted-out' as const },
        { itemId: 2, reason: 'invalid-number' as const },
      ],
    };
    spec(campaignShippings)
      .given([planned(shipping(1), shipping(2)), attempted(2), delivered(2)])
      .when(skip)
      .then([{ type: 'CampaignShippingSkipped', data: { campaignId, itemId: 1, reason: 'opted-out' } }]);
  });

  it("confirms a contact's reply to its request once, and nothing else", () => {
    const confirm = { type: 'ConfirmShipping' as const, campaignId, itemId: 1, confirmedAt: at };
    const asking = planned(shipping(1, { confirmationIndex: 0 }));
    spec(campaignShippings)
      .given([asking, attempted(1, 'confirmation'), requested(1)])
      .when(confirm)
      .then([confirmed(1)]);
    spec(campaignShippings)
      .given([asking, attempted(1, 'confirmation'), requested(1), confirmed(1)])
      .when(confirm)
      .then([]);
    spec(campaignShippings).given([asking]).when(confirm).then([]);
  });
});

describe('campaign shippings: complete', () => {
  it('is complete when every contact is done, or after the reply window with requests unanswered', () => {
    const done = fold(campaignShippings, [planned(shipping(1)), attempted(1), delivered(1)]);
    expect(campaignComplete(done, false, Date.parse(at))).toBe(true);
    const waiting = fold(campaignShippings, [planned(shipping(1, { confirmationIndex: 0 })), attempted(1, 'confirmation'), requested(1)]);
    expect(campaignComplete(waiting, true, Date.parse(at) + 1000)).toBe(false);
    expect(campaignComplete(waiting, true, Date.parse(at) + CONFIRMATION_WAIT_MS + 1)).toBe(true);
    expect(campaignComplete(fold(campaignShippings, []), false, Date.parse(at))).toBe(false);
  });
});
