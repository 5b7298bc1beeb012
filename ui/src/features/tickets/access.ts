import { can } from '@conversa/contracts/session/permissions';
import { mayWrite } from '@conversa/contracts/session/roles';
import type { SessionUser } from '@conversa/contracts';

/** The permission checks the tickets screen makes, by permission name. Super users hold every one. */
export const canShowAll = (user: SessionUser) => user.super || can(user.profile, 'tickets-manager:showall');
export const canDeleteTicket = (user: SessionUser) => user.super || can(user.profile, 'ticket-options:deleteTicket');
/** Close all, the user filter and leaving the queue empty on a new ticket: the role table's ticketsAdmin row (admins). */
export const isTicketAdmin = (user: SessionUser) => mayWrite(user, 'ticketsAdmin');

/** Accepting or reopening a group conversation on WhatsApp keeps it a group. */
export const workingStatus = (ticket: { isGroup: boolean; channel: string }) => (ticket.isGroup && ticket.channel === 'whatsapp' ? 'group' : 'open');
