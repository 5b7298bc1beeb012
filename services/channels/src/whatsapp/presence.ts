import type { Bus } from '@conversa/bus';
import { companySubject } from '@conversa/bus';
import { ticketSlotStream, ticketStream, type PresenceFrame } from '@conversa/contracts';
import { contactNumber, readNumberGuard, ticket as ticketDecider, ticketSlot, type CommandContext, foldStream } from '@conversa/core';
import type { ChannelChat, ChannelPresence } from '../channel-events';

export type PresencePublisher = (target: { companyId: number; connectionId: number }, chat: ChannelChat, presence: ChannelPresence) => Promise<void>;

/**
 * Typing and recording, live: the frame `company-<id>-presence` with `{ ticketId, presence }` that the
 * tickets list shows on the contact's row. Presence is not recorded (it says nothing once it is
 * over); the ticket is found from the contact's number guard and its ticket slot on the connection,
 * so a contact without an open ticket publishes nothing.
 */
export function createPresencePublisher(ctx: Pick<CommandContext, 'store' | 'numberDigest'>, bus: Pick<Bus, 'publish'>): PresencePublisher {
  return async ({ companyId, connectionId }, chat, presence) => {
    let key: string;
    try {
      key = contactNumber(chat.number, { channel: 'whatsapp', isGroup: chat.isGroup, verifiedByChannel: true }).key;
    } catch {
      return;
    }
    const { claim } = await readNumberGuard(ctx, companyId, key);
    if (claim.ownerId === null) return;
    const slot = foldStream(ticketSlot, await ctx.store.readStream(ticketSlotStream(companyId, claim.ownerId, connectionId)));
    if (!slot.holder) return;
    const ticket = foldStream(ticketDecider, await ctx.store.readStream(ticketStream(slot.holder.ticketId)));
    if (ticket.status === 'none' || ticket.status === 'deleted') return;
    // `audience` is what the edge's visibility rule reads: only who may see the ticket learns that its contact types.
    const audience = { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId, isGroup: ticket.isGroup };
    await bus.publish(companySubject(companyId, 'presence'), { ticketId: slot.holder.ticketId, presence, audience } satisfies PresenceFrame);
  };
}
