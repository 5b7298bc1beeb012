import { campaignOptOutStream, campaignSettingsStream, campaignShippingsStream, type MessageEvent, type RecordedEvent } from '@conversa/contracts';
import { campaignSettings, fold, type CommandContext } from '@conversa/core';
import { awaitingConfirmation } from '@conversa/projections/campaigns/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { defineReactor, type Projector } from '@conversa/projector';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

type Received = Extract<MessageEvent, { type: 'MessageReceived' }>['data'];

/** Upper case without accents: "sair", "Sáir " and "SAIR" are one word. */
export const plainWord = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toUpperCase();

/**
 * A contact's reply to a campaign (campaign-replies): an opt-out word (the settings', default SAIR,
 * PARAR, STOP) marks the number opted out for every campaign of the company, for good; any other
 * reply to a confirmation request confirms it, and the engine sends the message next. Replayed after
 * a crash it records nothing twice: a number already opted out, or a shipping no longer awaiting
 * its reply, is left alone.
 */
export function createCampaignRepliesReactor(options: { ctx: CommandContext; db: Kysely<ReadDatabase> }): Projector {
  const { ctx, db } = options;

  async function append(streamId: string, companyId: number, type: string, data: unknown, causationId: string) {
    const correlationId = randomUUID();
    await ctx.store.appendToStream(streamId, [
      {
        id: randomUUID(),
        type,
        data: ctx.registry.validateForAppend(type, data),
        metadata: { companyId, actor: { kind: 'system', id: 'campaign-replies' }, correlationId, causationId, occurredAt: ctx.now().toISOString(), schemaVersion: ctx.registry.versionOf(type) },
      },
    ]);
  }

  async function handle(event: RecordedEvent): Promise<void> {
    const data = event.data as Received;
    if (data.participant) return; // a group's message is nobody's reply
    const companyId = event.metadata.companyId;
    const contact = await db.selectFrom('read.contacts').select(['number', 'is_group']).where('id', '=', data.contactId).executeTakeFirst();
    if (!contact || contact.is_group) return;
    const settings = fold(campaignSettings, (await ctx.store.readStream(campaignSettingsStream(companyId))) as never);
    const word = plainWord(data.body);
    if (word !== '' && settings.optOutWords.some((candidate) => plainWord(candidate) === word)) {
      const already = await ctx.store.readStream(campaignOptOutStream(companyId));
      if (!already.some((recorded) => (recorded.data as { number: string }).number === contact.number)) {
        await append(campaignOptOutStream(companyId), companyId, 'CampaignContactOptedOut', { number: contact.number, word }, event.id);
      }
      return;
    }
    const awaiting = await awaitingConfirmation(db, companyId, [contact.number]);
    if (!awaiting) return;
    await append(campaignShippingsStream(awaiting.campaignId), companyId, 'CampaignShippingConfirmed', { campaignId: awaiting.campaignId, itemId: awaiting.itemId, confirmedAt: data.receivedAt }, event.id);
  }

  return defineReactor({
    name: 'campaign-replies',
    eventTypes: ['MessageReceived'],
    async react(events) {
      for (const event of events) if (event.type === 'MessageReceived') await handle(event);
    },
  });
}
