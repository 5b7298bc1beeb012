import { campaignOptOutStream, campaignSettingsStream, contactStream, type Actor, type RecordedEvent, type RecordedProductEvent } from '@conversa/contracts';
import {
  campaignOptOuts,
  campaignSettings,
  contact,
  emptyShippingsView,
  phoneKey,
  runCommand,
  runShippingsCommand,
  type CommandContext,
  type ShippingsView,
  foldStream,
} from '@conversa/core';
import { awaitingConfirmations } from '@conversa/projections/campaigns/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { EFFECTS_LINGER_MS, defineReactor, type Projector } from '@conversa/platform';
import type { Kysely } from 'kysely';

type Received = RecordedProductEvent<'MessageReceived'>;

const actor: Actor = { kind: 'system', id: 'campaign-replies' };
/** Campaigns whose shippings this reactor keeps folded. */
const VIEWS_KEPT = 32;

/** Upper case without accents: "sair", "Sáir " and "SAIR" are one word. */
export const plainWord = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();

/**
 * A contact's reply to a campaign (campaign-replies): an opt-out word (the settings', default SAIR,
 * PARAR, STOP) marks the number opted out for every campaign of the company, for good; any other
 * reply to a confirmation request confirms it, and the engine sends the message next. Both are
 * commands on their deciders (campaignOptOuts, campaignShippings), so a batch replayed after a crash
 * records nothing twice: a number already opted out, or a shipping no longer awaiting its reply, is
 * left alone.
 */
export function createCampaignRepliesReactor(options: { ctx: CommandContext; db: Kysely<ReadDatabase> }): Projector {
  const { ctx, db } = options;
  /** The shippings of campaigns awaiting replies, as last folded: a confirmation catches up from there, not from the plan. */
  const views = new Map<number, ShippingsView>();

  function viewOf(campaignId: number): ShippingsView {
    let view = views.get(campaignId);
    if (view) views.delete(campaignId);
    else view = emptyShippingsView();
    views.set(campaignId, view);
    // The campaigns answered longest ago are forgotten first.
    if (views.size > VIEWS_KEPT) views.delete(views.keys().next().value!);
    return view;
  }

  async function readStreams(streamIds: readonly string[]): Promise<Map<string, readonly RecordedEvent[]>> {
    if (ctx.store.readStreams) return ctx.store.readStreams(streamIds);
    return new Map(await Promise.all(streamIds.map(async (streamId) => [streamId, await ctx.store.readStream(streamId)] as const)));
  }

  /**
   * A batch's replies with one read per kind, not per message: the contacts and settings at once, and
   * per company the shippings awaiting any of those numbers. In event order, as one at a time
   * would: a shipping confirmed earlier in the batch is not confirmed again.
   */
  async function handleBatch(events: readonly Received[]): Promise<void> {
    const replies = events.filter((event) => !event.data.participant); // a group's message is nobody's reply
    if (replies.length === 0) return;
    // The contacts and the companies' settings from their streams, in one read: the log always holds
    // the contact a message names (the contacts read model may not have caught up yet).
    const companies = [...new Set(replies.map((event) => event.metadata.companyId))];
    const streams = await readStreams([...new Set(replies.map((event) => contactStream(event.data.contactId))), ...companies.map(campaignSettingsStream)]);
    const byCompany = new Map<number, { event: Received; number: string }[]>();
    for (const event of replies) {
      const found = foldStream(contact, streams.get(contactStream(event.data.contactId)) ?? []);
      if (found.status === 'none' || found.status === 'erased' || found.isGroup) continue;
      const companyId = event.metadata.companyId;
      byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), { event, number: found.details.number }]);
    }
    for (const [companyId, company] of byCompany) {
      const settings = foldStream(campaignSettings, streams.get(campaignSettingsStream(companyId)) ?? []);
      const optOutWords = new Set(settings.optOutWords.map(plainWord));
      const isOptOut = (body: string) => {
        const word = plainWord(body);
        return word !== '' && optOutWords.has(word);
      };
      const answering = [...new Set(company.filter(({ event }) => !isOptOut(event.data.body)).map(({ number }) => number))];
      const awaiting = await awaitingConfirmations(db, companyId, answering);
      const confirmed = new Set<string>();
      for (const { event, number } of company) {
        const { data } = event;
        if (isOptOut(data.body)) {
          const command = { type: 'OptOutContact' as const, number, word: plainWord(data.body), digest: ctx.numberDigest(companyId, phoneKey(number)) };
          await runCommand(ctx, {
            decider: campaignOptOuts,
            streamId: campaignOptOutStream(companyId),
            command,
            companyId,
            actor,
            commandId: `opt-out-${event.id}`,
            causationId: event.id,
          });
          continue;
        }
        const shipping = awaiting.get(number);
        if (!shipping || confirmed.has(number)) continue;
        confirmed.add(number);
        const { campaignId, itemId } = shipping;
        const command = { type: 'ConfirmShipping' as const, campaignId, itemId, confirmedAt: data.receivedAt };
        await runShippingsCommand(ctx, {
          companyId,
          actor,
          campaignId,
          command,
          commandId: `confirm-${event.id}`,
          causationId: event.id,
          view: viewOf(campaignId),
        });
      }
    }
  }

  return defineReactor({
    name: 'campaign-replies',
    eventTypes: ['MessageReceived'],
    // A reply confirms or opts out within seconds of a person's time: batches of a few messages share their reads.
    lingerMs: EFFECTS_LINGER_MS,
    react: handleBatch,
  });
}
