import type { CommandContext, IdAllocator, ReceiveMessageContext } from '@conversa/core';
import { messageIdByProviderId } from '@conversa/projections/messages/queries';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';

/**
 * What a channel adapter hands to `receiveMessage`: the command context plus the read model's
 * lookup of our own messages by provider id, so a contact's reply to one of them is linked to it.
 */
export function inboundContext(ctx: CommandContext & { ids: IdAllocator; db: Kysely<ReadDatabase> }): ReceiveMessageContext {
  return {
    store: ctx.store,
    registry: ctx.registry,
    numberDigest: ctx.numberDigest,
    ids: ctx.ids,
    // Read through the context each time, so a test that moves the clock moves it here too.
    now: () => ctx.now(),
    messageIdByProviderId: (companyId, whatsappId, providerId) => messageIdByProviderId(ctx.db, companyId, whatsappId, providerId),
  };
}
