import type { SlaClock, TicketSlaEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

export type TicketSlaState = { breached: SlaClock[] };
export type TicketSlaCommand = { type: 'RecordSlaBreach'; ticketId: number; queueId: number; userId: number | null; clock: SlaClock; dueAt: string };

/** Stream `ticketsla-<ticketId>`: each clock breaches once (a timer pass run twice records it once). */
export const ticketSla: Decider<TicketSlaState, TicketSlaCommand, TicketSlaEvent> = {
  initialState: () => ({ breached: [] }),
  evolve: (state, event) => ({ breached: [...state.breached, event.data.clock] }),
  decide(state, command) {
    if (state.breached.includes(command.clock)) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'TicketSlaBreached', data }];
  },
};
