import type { Profile } from '../session/api';

/** Who is looking: the inputs of the ticket visibility rules (HTTP principal or socket). */
export interface TicketViewer {
  userId: number;
  profile: Profile;
  super: boolean;
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
}

export interface VisibleTicket {
  /** A TicketStatus, as the read rows hold it (text). */
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/** Admins and super users see everything with show-all; supervisors hold tickets-manager:showall too. */
export const seesAllTickets = (viewer: TicketViewer) => viewer.super || viewer.profile === 'admin' || viewer.profile === 'supervisor';

/**
 * A user sees the tickets they hold, and the waiting ones of their queues (queueless
 * ones too when allTicket is enabled); group conversations when allowGroup is on. Those who hold
 * show-all see every ticket of the company while it is on.
 */
export function canSeeTicket(viewer: TicketViewer, ticket: VisibleTicket, showAll = true): boolean {
  if (showAll && seesAllTickets(viewer)) return true;
  if (ticket.userId === viewer.userId) return true;
  const inMyQueues = ticket.queueId === null ? viewer.allTicket === 'enable' : viewer.queueIds.includes(ticket.queueId);
  if (ticket.status === 'pending') return inMyQueues;
  if (ticket.isGroup && viewer.allowGroup && ticket.status === 'group') return ticket.queueId === null || viewer.queueIds.includes(ticket.queueId);
  return false;
}
