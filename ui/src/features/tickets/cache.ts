import { canSeeTicket } from '@conversa/contracts/tickets/visibility';
import { isSearchList, matchesList, ticketBefore, type TicketListArgs, type TicketPageParam } from './listArgs';
import type { ContactFrame, ContactView, TicketFrame, TicketPage, TicketView as Ticket, TicketViewer } from '@conversa/contracts';

/** A contact frame, or a change this browser made itself (its tags) that the rows should show at once. */
export type ContactChange = ContactFrame | { action: 'update'; contact: Pick<ContactView, 'id'> & Partial<ContactView>; contactId?: never };

/**
 * How live frames change the cached lists, without asking the server again.
 * These functions mutate what they are given: RTK Query hands them an immer draft.
 */

/** The cache of one infinite ticket list: the pages fetched so far. */
export interface TicketListData {
  pages: TicketPage[];
  pageParams: TicketPageParam[];
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

/** Where a frame puts a ticket in one list, worked out on the plain cache so the draft is touched only there. */
export interface TicketPlacement {
  ticket: Ticket | null;
  remove: { page: number; index: number } | null;
  insert: { page: number; index: number } | null;
}

/**
 * The position the server's order gives the ticket among the loaded rows (the ticket itself skipped). A ticket
 * older than every loaded row while more pages remain is left for the page that holds it.
 */
function insertionPoint(data: TicketListData, ticket: Ticket): { page: number; index: number } | null {
  for (let page = 0; page < data.pages.length; page++) {
    const rows = data.pages[page]!.tickets;
    for (let index = 0; index < rows.length; index++) {
      const held = rows[index]!;
      if (held.id !== ticket.id && comesBefore(ticket, held)) return { page, index };
    }
  }
  const last = data.pages.length - 1;
  if (last < 0 || data.pages[last]!.hasMore) return null;
  return { page: last, index: data.pages[last]!.tickets.length };
}

/**
 * What a `ticket` frame does to one list: a deleted ticket, or one that no longer matches the list's filters
 * (another status, a deselected queue, transferred away), leaves it; a matching one is placed by its latest
 * activity, so a new message moves it to the top with its unread count. Search lists never gain rows.
 * Null when the list stays as it is.
 */
export function placeTicket(data: TicketListData, frame: TicketFrame, args: TicketListArgs, viewer: TicketViewer): TicketPlacement | null {
  const ticketId = frame.ticket?.id ?? frame.ticketId;
  if (ticketId === undefined) return null;
  const at = locateTicket(data, ticketId);
  const held = at ? data.pages[at.page]!.tickets[at.index] : undefined;
  if (frame.action === 'delete' || !frame.ticket) return at ? { ticket: null, remove: at, insert: null } : null;
  const ticket = frame.ticket;
  if (held && isStale(held, ticket)) return null;
  const belongs = isSearchList(args)
    ? held !== undefined && matchesList(ticket, { ...args, searchParam: undefined }, viewer)
    : matchesList(ticket, args, viewer);
  const insert = belongs ? insertionPoint(data, ticket) : null;
  if (!at && !insert) return null;
  return { ticket, remove: at, insert };
}

/** Carries out a placement (on the draft RTK Query hands over, or on plain data). */
export function applyPlacement(data: TicketListData, placement: TicketPlacement): void {
  const { remove, ticket } = placement;
  let insert = placement.insert;
  if (remove) {
    data.pages[remove.page]!.tickets.splice(remove.index, 1);
    if (insert && insert.page === remove.page && insert.index > remove.index) insert = { page: insert.page, index: insert.index - 1 };
  }
  if (insert && ticket) data.pages[insert.page]!.tickets.splice(insert.index, 0, ticket);
}

/** `placeTicket` then `applyPlacement` on the same data. */
export function applyTicketFrame(data: TicketListData, frame: TicketFrame, args: TicketListArgs, viewer: TicketViewer): void {
  const placement = placeTicket(data, frame, args, viewer);
  if (placement) applyPlacement(data, placement);
}

/** Where a contact's tickets sit in one list. */
export function rowsOfContact(data: TicketListData, contactId: number): Array<{ page: number; index: number }> {
  const found: Array<{ page: number; index: number }> = [];
  data.pages.forEach((page, pageIndex) =>
    page.tickets.forEach((ticket, index) => {
      if (ticket.contactId === contactId) found.push({ page: pageIndex, index });
    }),
  );
  return found;
}

/** A contact frame renames, re-pictures or re-tags the rows of that contact's tickets (found beforehand, or here). */
export function applyContactFrame(data: TicketListData, frame: ContactChange, rows = frame.contact ? rowsOfContact(data, frame.contact.id) : []): void {
  const contact = frame.contact;
  if (frame.action === 'delete' || !contact) return;
  const { tags, ...fields } = contact;
  for (const { page, index } of rows) {
    const ticket = data.pages[page]!.tickets[index]!;
    if (ticket.contact) Object.assign(ticket.contact, fields);
    if (tags) ticket.tags = tags;
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
 * The notification bell's tickets: unread messages in tickets the user works on — their own,
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
