import { canSeeTicket } from '@conversa/contracts/tickets/visibility';
import { isSearchList, matchesList, ticketBefore, type TicketListArgs } from './listArgs';
import type { ContactFrame, Ticket, TicketFrame, TicketPage, TicketViewer } from './types';

/**
 * How live frames change the cached lists (spec 1 §4 "Live updates"), without asking the server again.
 * These functions mutate what they are given: RTK Query hands them an immer draft.
 */

/** The cache of one infinite ticket list: the pages fetched so far. */
export interface TicketListData {
  pages: TicketPage[];
  pageParams: number[];
}

/** Lists are ordered like GET /tickets: latest activity first, then higher id. */
const comesBefore = (a: Pick<Ticket, 'updatedAt' | 'id'>, b: Pick<Ticket, 'updatedAt' | 'id'>) => {
  const at = Date.parse(a.updatedAt);
  const bt = Date.parse(b.updatedAt);
  return at > bt || (at === bt && a.id > b.id);
};

/** A frame older than what the list holds (frames of two processes may cross) must not roll the row back. */
const isStale = (held: Ticket, incoming: Ticket) => Date.parse(incoming.updatedAt) < Date.parse(held.updatedAt);

export function locateTicket(data: TicketListData, ticketId: number): { page: number; index: number } | null {
  for (let page = 0; page < data.pages.length; page++) {
    const index = data.pages[page]!.tickets.findIndex((ticket) => ticket.id === ticketId);
    if (index >= 0) return { page, index };
  }
  return null;
}

function removeTicket(data: TicketListData, ticketId: number): void {
  for (const page of data.pages) {
    const index = page.tickets.findIndex((ticket) => ticket.id === ticketId);
    if (index >= 0) page.tickets.splice(index, 1);
  }
}

/**
 * Puts the ticket where the server's order places it among the loaded rows. A ticket older than every loaded
 * row while more pages remain is left for the page that holds it.
 */
function insertTicket(data: TicketListData, ticket: Ticket): void {
  if (data.pages.length === 0) return;
  for (const page of data.pages) {
    const index = page.tickets.findIndex((held) => comesBefore(ticket, held));
    if (index >= 0) {
      page.tickets.splice(index, 0, ticket);
      return;
    }
  }
  const last = data.pages[data.pages.length - 1]!;
  if (!last.hasMore) last.tickets.push(ticket);
}

/**
 * Applies a `ticket` frame to one list: a deleted ticket, or one that no longer matches the list's filters
 * (another status, a deselected queue, transferred away), leaves it; a matching one is placed by its latest
 * activity, so a new message moves it to the top with its unread count. Search lists never gain rows.
 */
export function applyTicketFrame(data: TicketListData, frame: TicketFrame, args: TicketListArgs, viewer: TicketViewer): void {
  const ticketId = frame.ticket?.id ?? frame.ticketId;
  if (ticketId === undefined) return;
  const at = locateTicket(data, ticketId);
  const held = at ? data.pages[at.page]!.tickets[at.index] : undefined;
  if (frame.action === 'delete' || !frame.ticket) {
    if (at) removeTicket(data, ticketId);
    return;
  }
  const ticket = frame.ticket;
  if (held && isStale(held, ticket)) return;
  const belongs = isSearchList(args) ? held !== undefined && matchesList(ticket, { ...args, searchParam: undefined }, viewer) : matchesList(ticket, args, viewer);
  if (at) removeTicket(data, ticketId);
  if (belongs) insertTicket(data, ticket);
}

/** A contact frame renames, re-pictures or re-tags the rows of that contact's tickets. */
export function applyContactFrame(data: TicketListData, frame: ContactFrame): void {
  const contact = frame.contact;
  if (frame.action === 'delete' || !contact) return;
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (ticket.contactId !== contact.id) continue;
      const { tags, ...fields } = contact;
      if (ticket.contact) Object.assign(ticket.contact, fields);
      if (tags) ticket.tags = tags;
    }
  }
}

/** Rows in display order; a ticket that moved between two page fetches shows once. */
export function flattenTickets(data: TicketListData | undefined): Ticket[] {
  if (!data) return [];
  const seen = new Set<number>();
  const rows: Ticket[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      rows.push(ticket);
    }
  }
  return rows;
}

/**
 * How a frame changes the count of a list (the tab badges). With `before` the answer is exact. Without it the
 * ticket's status, user and queue did not move — unless it is brand new, which only a ticket nobody had
 * loaded can be: then the count is 'unknown' and is asked of the server again.
 */
export function countChange(frame: TicketFrame, args: TicketListArgs, viewer: TicketViewer, alreadyKnown: boolean): number | 'unknown' {
  const ticket = frame.ticket;
  if (!ticket) return 'unknown';
  const filters = { ...args, searchParam: undefined };
  if (frame.before) {
    const was = matchesList(ticketBefore(ticket, frame.before), filters, viewer);
    const is = frame.action !== 'delete' && matchesList(ticket, filters, viewer);
    return Number(is) - Number(was);
  }
  if (frame.action === 'delete') return 'unknown';
  if (!matchesList(ticket, filters, viewer)) return 0;
  return alreadyKnown ? 0 : 'unknown';
}

/**
 * The notification bell's tickets (spec 1 §2): unread messages in tickets the user works on — their own,
 * the waiting ones of their queues, their groups — whatever show-all says; waiting ones only when the
 * user's allTicket is 'enable'.
 */
export function belongsInNotifications(ticket: Ticket, viewer: TicketViewer): boolean {
  if (ticket.unreadMessages <= 0 || ticket.status === 'closed') return false;
  if (ticket.status === 'pending' && viewer.allTicket !== 'enable') return false;
  return canSeeTicket(viewer, ticket, false);
}

/** Applies a frame to the bell's list; answers whether a new unread message arrived for it (the sound). */
export function applyNotificationFrame(tickets: Ticket[], frame: TicketFrame, viewer: TicketViewer): { tickets: Ticket[]; newMessage: boolean } {
  const ticketId = frame.ticket?.id ?? frame.ticketId;
  const held = tickets.find((ticket) => ticket.id === ticketId);
  const rest = tickets.filter((ticket) => ticket.id !== ticketId);
  const ticket = frame.ticket;
  if (frame.action === 'delete' || !ticket || !belongsInNotifications(ticket, viewer)) return { tickets: held ? rest : tickets, newMessage: false };
  if (held && isStale(held, ticket)) return { tickets, newMessage: false };
  const newMessage = ticket.unreadMessages > (held?.unreadMessages ?? 0);
  const next = [...rest];
  const index = next.findIndex((other) => comesBefore(ticket, other));
  next.splice(index < 0 ? next.length : index, 0, ticket);
  return { tickets: next, newMessage };
}
