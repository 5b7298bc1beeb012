import { DomainError, type TicketSlotEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

/** Who holds a contact on a connection: the one open or pending ticket, if any. */
export type TicketSlot = { holder: { ticketId: number; claimedAt: string } | null };

/**
 * What the claimer found of the current holder's ticket before claiming. `missing` means its
 * stream does not exist yet: a creation in flight, or one that crashed between the two appends.
 */
export type HolderState = 'active' | 'inactive' | 'missing';

/** A claim older than this whose ticket never appeared is a crashed creation, and the slot is free. */
export const ABANDONED_CLAIM_MS = 30_000;

export type TicketSlotCommand =
  | { type: 'ClaimTicketSlot'; ticketId: number; contactId: number; whatsappId: number | null; holder?: { ticketId: number; state: HolderState } }
  | { type: 'ReleaseTicketSlot'; ticketId: number };

export const ticketSlot: Decider<TicketSlot, TicketSlotCommand, TicketSlotEvent> = {
  initialState: () => ({ holder: null }),
  evolve(_state, event) {
    return { holder: event.type === 'TicketSlotClaimed' ? { ticketId: event.data.ticketId, claimedAt: event.data.at } : null };
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'ClaimTicketSlot': {
        const holder = state.holder;
        if (holder?.ticketId === command.ticketId) return [];
        if (holder) {
          // The claimer must have looked at this very holder; otherwise it decides on stale news.
          const seen = command.holder?.ticketId === holder.ticketId ? command.holder.state : 'active';
          const abandoned = seen === 'missing' && now.getTime() - Date.parse(holder.claimedAt) > ABANDONED_CLAIM_MS;
          if (seen === 'active' || (seen === 'missing' && !abandoned)) {
            throw new DomainError('ERR_OTHER_OPEN_TICKET', undefined, { ticketId: holder.ticketId });
          }
        }
        return [
          {
            type: 'TicketSlotClaimed',
            data: { ticketId: command.ticketId, contactId: command.contactId, whatsappId: command.whatsappId, at: now.toISOString() },
          },
        ];
      }
      case 'ReleaseTicketSlot':
        return state.holder?.ticketId === command.ticketId ? [{ type: 'TicketSlotReleased', data: { ticketId: command.ticketId } }] : [];
    }
  },
};
