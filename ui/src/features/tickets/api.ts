import { api } from '../../app/api';
import { normaliseListArgs, toQueryParams, type TicketListArgs } from './listArgs';
import type { Ticket, TicketPage, TicketStatus } from './types';

/** PUT /tickets/{id}: the state wanted; the server reads which transition it is. */
export interface TicketChange {
  id: number;
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  sendFarewellMessage?: boolean;
  isFinished?: boolean;
}

export interface NewTicket {
  contactId: number;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  status: 'open';
}

/** GET /tickets/{id}/history: the ticket's own events with the hash-chain verdict. */
export interface TicketHistory {
  ticketId: number;
  verified: boolean;
  checked: number;
  break?: { revision: number; reason?: string } & Record<string, unknown>;
  events: Array<{
    revision: number;
    type: string;
    occurredAt: string;
    actor: { kind: string; id: string | number; name: string | null };
    changes: Record<string, unknown>;
    hash: string | null;
  }>;
}

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}
export interface NamedOption {
  id: number;
  name: string;
}
export interface ConnectionOption extends NamedOption {
  channel?: string;
  status?: string;
}
export interface TagOption extends NamedOption {
  color: string;
}

/** Count badges ask for the first page only and keep its count. */
const countParams = (args: TicketListArgs) => toQueryParams(args, 1);

export const ticketsApi = api.enhanceEndpoints({ addTagTypes: ['Ticket', 'TicketLookups'] }).injectEndpoints({
  endpoints: (build) => ({
    /** One list (tab or view), page by page of 40, newest activity first. */
    ticketList: build.infiniteQuery<TicketPage, TicketListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
        // After a lost connection the list starts again from its first page rather than re-reading every page it had.
        refetchCachedPages: false,
      },
      query: ({ queryArg, pageParam }) => ({ url: 'tickets', params: toQueryParams(normaliseListArgs(queryArg), pageParam) }),
      providesTags: ['Ticket'],
    }),
    ticketCount: build.query<number, TicketListArgs>({
      query: (args) => ({ url: 'tickets', params: countParams(normaliseListArgs(args)) }),
      transformResponse: (page: TicketPage) => page.count,
      providesTags: ['Ticket'],
    }),
    /** The bell: tickets with unread messages the user works on (filtered further by `belongsInNotifications`). */
    unreadTickets: build.query<Ticket[], void>({
      query: () => ({ url: 'tickets', params: { withUnreadMessages: 'true', showAll: 'false', pageNumber: '1' } }),
      transformResponse: (page: TicketPage) => page.tickets,
      providesTags: ['Ticket'],
    }),
    /** Opening a ticket records the access and reads its waiting messages (server side). */
    ticketByUuid: build.query<Ticket, string>({
      query: (uuid) => `tickets/u/${encodeURIComponent(uuid)}`,
      providesTags: ['Ticket'],
    }),
    updateTicket: build.mutation<Ticket, TicketChange>({
      query: ({ id, ...body }) => ({ url: `tickets/${id}`, method: 'PUT', body }),
    }),
    createTicket: build.mutation<Ticket, NewTicket>({
      query: (body) => ({ url: 'tickets', method: 'POST', body }),
    }),
    deleteTicket: build.mutation<unknown, number>({
      query: (id) => ({ url: `tickets/${id}`, method: 'DELETE' }),
    }),
    closeAllTickets: build.mutation<{ closed: number }, { status: TicketStatus; queueIds?: number[] }>({
      query: (body) => ({ url: 'tickets/closeAll', method: 'POST', body }),
    }),
    ticketHistory: build.query<TicketHistory, number>({
      query: (id) => `tickets/${id}/history`,
      keepUnusedDataFor: 0,
    }),
    /** The company's queues (GET /queue), for transfer and the admin's queue choices. */
    queueOptions: build.query<QueueOption[], void>({
      query: () => 'queue',
      providesTags: ['TicketLookups'],
    }),
    /** Connections (GET /whatsapp) for the new-ticket dialog and the filter panel. */
    connectionOptions: build.query<ConnectionOption[], void>({
      query: () => 'whatsapp',
      providesTags: ['TicketLookups'],
    }),
    /** Every user's id and name (GET /users/list) for the admins' user filter and the new-ticket dialog. */
    userOptions: build.query<NamedOption[], void>({
      query: () => 'users/list',
      providesTags: ['TicketLookups'],
    }),
    /** The transfer dialog's user search (GET /users/?searchParam), from 3 characters. */
    searchUsers: build.query<NamedOption[], string>({
      query: (searchParam) => ({ url: 'users', params: { searchParam } }),
      transformResponse: (answer: { users: NamedOption[]; hasMore: boolean }) => answer.users,
    }),
    tagOptions: build.query<TagOption[], void>({
      query: () => 'tags/list',
      providesTags: ['TicketLookups'],
    }),
  }),
});

export const {
  useTicketListInfiniteQuery,
  useTicketCountQuery,
  useUnreadTicketsQuery,
  useTicketByUuidQuery,
  useUpdateTicketMutation,
  useCreateTicketMutation,
  useDeleteTicketMutation,
  useCloseAllTicketsMutation,
  useTicketHistoryQuery,
  useQueueOptionsQuery,
  useConnectionOptionsQuery,
  useUserOptionsQuery,
  useSearchUsersQuery,
  useTagOptionsQuery,
} = ticketsApi;
