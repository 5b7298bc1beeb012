import { campaignShippingsStream, productEventRegistry, type PlannedShipping } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import { createPostgresEventStore } from '@conversa/eventstore/postgres/index';
import { testDatabase } from '@conversa/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/commands/run';
import { createNumberDigest } from '../src/secrets/number-digest';
import { emptyShippingsView, runShippingsCommand } from '../src/campaigns/shippings-command';

const registry = productEventRegistry();
const actor = { kind: 'system' as const, id: 'campaign-dispatch' };
const companyId = 1;
let store: EventStore;
let drop: () => Promise<void>;
let ctx: CommandContext;
let campaignId = 100;

beforeAll(async () => {
  const database = await testDatabase('shippingscommand');
  drop = database.drop;
  store = await createPostgresEventStore({ connectionString: database.url, registry });
  ctx = { store, registry, numberDigest: createNumberDigest('shippings-spec'), now: () => new Date() };
});
afterAll(async () => {
  await store?.close();
  await drop?.();
});

const shipping = (itemId: number): PlannedShipping => ({
  itemId,
  name: `C${itemId}`,
  number: `55119700000${itemId}`,
  email: '',
  connectionId: 1,
  messageIndex: 0,
  confirmationIndex: null,
  valid: null,
});
const messageId = (itemId: number) => `00000000-0000-4000-8000-${String(itemId).padStart(12, '0')}`;
const attempt = (id: number, ...itemIds: number[]) => ({
  type: 'AttemptShippings' as const,
  campaignId: id,
  connectionId: 1,
  confirmation: false,
  attempts: itemIds.map((itemId) => ({ itemId, kind: 'message' as const, messageId: messageId(itemId) })),
});
const attemptedItems = async (id: number) =>
  (await store.readStream(campaignShippingsStream(id)))
    .filter((event) => event.type === 'CampaignShippingAttempted')
    .map((event) => (event.data as { itemId: number }).itemId);

describe("commands on a campaign's shippings, on the Postgres event store", () => {
  it('two writers with their own views: the one that lost the race catches up and decides again on what the other recorded', async () => {
    const id = ++campaignId;
    const a = emptyShippingsView();
    const b = emptyShippingsView();
    await runShippingsCommand(ctx, {
      companyId,
      actor,
      campaignId: id,
      command: { type: 'PlanShippings', campaignId: id, shippings: [shipping(1), shipping(2)] },
      commandId: 'plan',
      view: a,
    });
    // The second writer planned at the same time: the plan stands once.
    expect(
      (
        await runShippingsCommand(ctx, {
          companyId,
          actor,
          campaignId: id,
          command: { type: 'PlanShippings', campaignId: id, shippings: [shipping(3)] },
          commandId: 'plan-b',
          view: b,
        })
      ).events,
    ).toEqual([]);
    // a appends right after b has caught up: b's append expects a revision that is gone.
    let raced = false;
    const racing: EventStore = Object.create(store, {
      readStream: {
        value: async (...args: Parameters<EventStore['readStream']>) => {
          const events = await store.readStream(...args);
          if (!raced) {
            raced = true;
            const first = { ...attempt(id, 1), attempts: [{ itemId: 1, kind: 'message' as const, messageId: messageId(101) }] };
            await runShippingsCommand(ctx, { companyId, actor, campaignId: id, command: first, commandId: 'a-attempt', view: a });
          }
          return events;
        },
      },
    });
    const fromB = await runShippingsCommand(
      { ...ctx, store: racing },
      { companyId, actor, campaignId: id, command: attempt(id, 1, 2), commandId: 'b-attempt', view: b },
    );
    expect(raced).toBe(true);
    // Decided again on the caught-up view: contact 1's attempt is open, so it goes again only under a's message id (the channel shows it once).
    expect(fromB.events.map((event) => event.data)).toEqual([
      { campaignId: id, itemId: 1, kind: 'message', messageId: messageId(101), connectionId: 1 },
      { campaignId: id, itemId: 2, kind: 'message', messageId: messageId(2), connectionId: 1 },
    ]);
    expect(await attemptedItems(id)).toEqual([1, 1, 2]);
    expect(b.revision).toBe(a.revision + 2);
  });

  it('a command repeated under its id (its answer lost) appends nothing again', async () => {
    const id = ++campaignId;
    const view = emptyShippingsView();
    await runShippingsCommand(ctx, {
      companyId,
      actor,
      campaignId: id,
      command: { type: 'PlanShippings', campaignId: id, shippings: [shipping(1)] },
      commandId: 'plan',
      view,
    });
    const before = view.revision;
    await runShippingsCommand(ctx, { companyId, actor, campaignId: id, command: attempt(id, 1), commandId: 'attempt@0', view });
    // A fresh process that did not learn of the append decides the same command again from the revision before it.
    const again = await runShippingsCommand(ctx, {
      companyId,
      actor,
      campaignId: id,
      command: attempt(id, 1),
      commandId: 'attempt@0',
      view: { ...emptyShippingsView(), revision: -1 },
    });
    expect(again).toEqual({ events: [], repeated: true });
    expect(await attemptedItems(id)).toEqual([1]);
    expect(view.revision).toBe(before + 1);
  });
});
