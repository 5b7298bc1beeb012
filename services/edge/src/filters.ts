import { canSeeTicket, chatFrameReaches, seesAllTickets } from '@conversa/contracts';
import type { FrameFilter } from './edge';

/**
 * `company-<id>-auth` tells a user that their account was opened elsewhere (the session rules):
 * it goes to that user's sockets except the ones of the session that just logged in, which would
 * otherwise log itself out.
 */
export const authFilter: FrameFilter<'auth'> = (connection, data) =>
  typeof data === 'object' && data !== null && data.user?.id === connection.principal.userId && data.sessionId !== connection.principal.sessionId;

/**
 * `ticket` frames reach who may see the ticket now, and who could see it before this change (so a
 * ticket transferred away leaves their list); `appMessage` frames reach who may see the ticket.
 */
export const ticketFilter: FrameFilter<'ticket'> = (connection, data) =>
  typeof data === 'object' &&
  data !== null &&
  ((data.ticket != null && canSeeTicket(connection.principal, data.ticket)) || (data.before != null && canSeeTicket(connection.principal, data.before)));

export const appMessageFilter: FrameFilter<'appMessage'> = (connection, data) =>
  typeof data === 'object' && data !== null && data.ticket != null && canSeeTicket(connection.principal, data.ticket);

/**
 * Quick replies: a private one reaches its author and those who manage them all (admins,
 * supervisors); a general one reaches everyone. A delete names only the id, which reveals nothing.
 */
export const quickMessageFilter: FrameFilter<'quickmessage'> = (connection, data) => {
  if (typeof data !== 'object' || data === null) return false;
  if (data.action === 'delete') return true;
  const record = data.record;
  if (!record) return false;
  return record.geral === true || record.userId === connection.principal.userId || seesAllTickets(connection.principal);
};

/** A contact typing or recording: only who may see the ticket (the frame's `audience`) learns of it. */
export const presenceFilter: FrameFilter<'presence'> = (connection, data) =>
  typeof data === 'object' && data !== null && data.audience != null && canSeeTicket(connection.principal, data.audience);

/** Frames about a company's administration (its webhooks, invoices and payments) reach its admins only, as their routes do. */
export const adminFilter: FrameFilter<'webhook' | 'invoice' | 'payment'> = (connection) =>
  connection.principal.profile === 'admin' || connection.principal.super;

/** Announcements reach every company; an inactive one only the super user (who manages it). */
export const announcementFilter: FrameFilter<'announcement'> = (connection, data) =>
  typeof data === 'object' &&
  data !== null &&
  (data.action === 'delete' || data.action === 'hide' || ('record' in data && data.record.status === true) || connection.principal.super);

/** Internal chat frames (`chat`, `chat-<id>`, `chat-user-<id>`): only the users the frame names, the chat's members. */
export const chatFilter: FrameFilter<'chat' | `chat-${number}` | `chat-user-${number}`> = (connection, data) => chatFrameReaches(connection.principal, data);
