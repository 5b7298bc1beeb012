import type { TicketStatus as AnyTicketStatus, TicketViewer } from '@conversa/contracts';

/** Statuses a ticket list shows; lgpd and nps have no screen yet. */
export type TicketStatus = Extract<AnyTicketStatus, 'pending' | 'open' | 'closed' | 'group'>;

// The ticket's wire shapes are the contracts'; these names stay only so screens written against them (other
// branches) keep compiling. New code imports TicketView & co. from '@conversa/contracts'.
export type { TicketView as Ticket } from '@conversa/contracts';

export type { TicketViewer };

/** Who is looking, as the ticket visibility rules need it: built from the session user. */
export const viewerOfUser = (user: {
  id: number;
  profile: TicketViewer['profile'];
  super: boolean;
  queues: ReadonlyArray<{ id: number }>;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
}): TicketViewer => ({
  userId: user.id,
  profile: user.profile,
  super: user.super,
  queueIds: user.queues.map((queue) => queue.id),
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
});
