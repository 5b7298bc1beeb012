import { canSeeTicket } from '@conversa/contracts/tickets/visibility';
import type { TicketBefore, TicketView as Ticket, TicketViewer } from '@conversa/contracts';
import type { TicketStatus } from './types';

/**
 * What one ticket list asks GET /tickets for. It is also the RTK Query cache key, so
 * lists are normalised (sorted, no empties) before they become one: the same filter is the same cache entry.
 */
export interface TicketListArgs {
  /** The tab or view: open/pending/group tabs, the closed view; none in the search view. */
  status?: TicketStatus;
  searchParam?: string;
  /** Selected queues; absent when every queue of the user is selected (no queue filter: queueless tickets show too). */
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  whatsappIds?: number[];
  /** The search view's status filter. */
  statusFilter?: TicketStatus[];
  showAll: boolean;
  withUnreadMessages?: boolean;
  /** One contact's tickets (the search view opened from the contacts screen). */
  contactId?: number;
}

const sortedIds = (ids: readonly number[] | undefined) => (ids && ids.length > 0 ? [...new Set(ids)].sort((a, b) => a - b) : undefined);

/** Drops empty filters and sorts lists, so equal filters give equal cache keys. */
export function normaliseListArgs(args: TicketListArgs): TicketListArgs {
  const normal: TicketListArgs = { showAll: args.showAll };
  if (args.status) normal.status = args.status;
  const search = args.searchParam?.trim();
  if (search) normal.searchParam = search;
  if (args.queueIds) normal.queueIds = [...new Set(args.queueIds)].sort((a, b) => a - b);
  const tags = sortedIds(args.tags);
  if (tags) normal.tags = tags;
  const users = sortedIds(args.users);
  if (users) normal.users = users;
  const whatsappIds = sortedIds(args.whatsappIds);
  if (whatsappIds) normal.whatsappIds = whatsappIds;
  if (args.statusFilter && args.statusFilter.length > 0) normal.statusFilter = [...new Set(args.statusFilter)].sort();
  if (args.withUnreadMessages) normal.withUnreadMessages = true;
  if (args.contactId !== undefined) normal.contactId = args.contactId;
  return normal;
}

/** Which page of an infinite list: its number, and where the previous one ended (so a deep page costs what the first does). */
export interface TicketPageParam {
  pageNumber: number;
  cursor?: string;
}

/** The query string of GET /tickets. Lists travel as JSON arrays (`[1,2]`), as the server's list parser expects. */
export function toQueryParams(args: TicketListArgs, page: number | TicketPageParam): Record<string, string> {
  const { pageNumber, cursor } = typeof page === 'number' ? { pageNumber: page, cursor: undefined } : page;
  const params: Record<string, string> = { pageNumber: String(pageNumber), showAll: String(args.showAll) };
  if (cursor) params.cursor = cursor;
  if (args.status) params.status = args.status;
  if (args.searchParam) params.searchParam = args.searchParam;
  if (args.contactId !== undefined) params.contactId = String(args.contactId);
  if (args.queueIds) params.queueIds = JSON.stringify(args.queueIds);
  if (args.tags) params.tags = JSON.stringify(args.tags);
  if (args.users) params.users = JSON.stringify(args.users);
  if (args.whatsappIds) params.whatsappIds = JSON.stringify(args.whatsappIds);
  if (args.statusFilter) params.statusFilter = JSON.stringify(args.statusFilter);
  if (args.withUnreadMessages) params.withUnreadMessages = 'true';
  return params;
}

/**
 * Every queue deselected: nothing to ask the server for (it reads an empty list as "no filter"), the list is
 * simply empty.
 */
export const selectsNothing = (args: TicketListArgs) => args.queueIds !== undefined && args.queueIds.length === 0;

/**
 * Whether the ticket belongs in a list with these filters, as GET /tickets would decide it — except the search
 * term, which reaches message bodies the browser does not hold (see `isSearchList`).
 */
export function matchesList(
  ticket: Pick<Ticket, 'status' | 'userId' | 'queueId' | 'isGroup' | 'whatsappId' | 'tags' | 'unreadMessages'>,
  args: TicketListArgs,
  viewer: TicketViewer,
): boolean {
  if (!canSeeTicket(viewer, ticket, args.showAll)) return false;
  if (args.status && ticket.status !== args.status) return false;
  if (args.statusFilter && !(args.statusFilter as readonly string[]).includes(ticket.status)) return false;
  if (args.queueIds && (ticket.queueId === null || !args.queueIds.includes(ticket.queueId))) return false;
  if (args.users && (ticket.userId === null || !args.users.includes(ticket.userId))) return false;
  if (args.whatsappIds && (ticket.whatsappId === null || !args.whatsappIds.includes(ticket.whatsappId))) return false;
  if (args.tags && !ticket.tags.some((tag) => args.tags!.includes(tag.id))) return false;
  if (args.withUnreadMessages && ticket.unreadMessages <= 0) return false;
  return true;
}

/** A search list cannot tell whether a changed ticket now matches the term: it only updates or drops its rows. */
export const isSearchList = (args: TicketListArgs) => Boolean(args.searchParam);

/** The ticket as it stood before a change, for the filters `before` does not carry. */
export const ticketBefore = (ticket: Ticket, before: TicketBefore): Ticket => ({
  ...ticket,
  status: before.status as Ticket['status'],
  userId: before.userId,
  queueId: before.queueId,
  isGroup: before.isGroup,
});
