import { api } from '../../app/api';
import { normaliseListArgs, toQueryParams, type TicketListArgs, type TicketPageParam } from './listArgs';
import type { ClosedCount, ConnectionView, CreateTicketBody, QueueSummary, TagView, TicketCallAnswer, TicketHistory, TicketPage, TicketView as Ticket, UpdateTicketRequest, UserListResponse, UserOption } from '@conversa/contracts';
import type { TicketStatus } from './types';

/** PUT /tickets/{id}: the state wanted; the server reads which transition it is. */
export type TicketChange = UpdateTicketRequest & { id: number };
export type { CreateTicketBody as NewTicket, TicketHistory } from '@conversa/contracts';

/** What the ticket dialogs and filters show of the lists they pick from (GET /queue, /users/list, /whatsapp, /tags/list). */
export type QueueOption = QueueSummary;
export type NamedOption = UserOption;
export type ConnectionOption = Pick<ConnectionView, 'id' | 'name' | 'channel' | 'status'>;
export type TagOption = Pick<TagView, 'id' | 'name' | 'color'>;

/** Count badges ask for the first page only and keep its count. */
const countParams = (args: TicketListArgs) => toQueryParams(args, 1);

export const ticketsApi = api.enhanceEndpoints({ addTagTypes: ['Ticket', 'TicketLookups'] }).injectEndpoints({
  endpoints: (build) => ({
    /** One list (tab or view), page by page of 40, newest activity first. */
    ticketList: build.infiniteQuery<TicketPage, TicketListArgs, TicketPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { pageNumber: 1 },
        // The server's cursor continues where the last page ended, so rows moved by live updates are neither skipped nor repeated.
        getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? { pageNumber: lastPageParam.pageNumber + 1, cursor: lastPage.nextCursor } : undefined),
        // After a lost connection the list starts again from its first page rather than re-reading every page it had.
        refetchCachedPages: false,
      },
      query: ({ queryArg, pageParam }) => ({ url: 'tickets', params: toQueryParams(normaliseListArgs(queryArg), pageParam) }),
      providesTags: ['Ticket'],
    }),
    ticketCount: build.query<number, TicketListArgs>({
      query: (args) => ({ url: 'tickets', params: countParams(normaliseListArgs(args)) }),
      // Asked without a cursor: the count is always there.
      transformResponse: (page: TicketPage) => page.count ?? 0,
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
    createTicket: build.mutation<Ticket, CreateTicketBody>({
      query: (body) => ({ url: 'tickets', method: 'POST', body }),
    }),
    deleteTicket: build.mutation<unknown, number>({
      query: (id) => ({ url: `tickets/${id}`, method: 'DELETE' }),
    }),
    closeAllTickets: build.mutation<ClosedCount, { status: TicketStatus; queueIds?: number[] }>({
      query: (body) => ({ url: 'tickets/closeAll', method: 'POST', body }),
    }),
    /** The call button: the connection's call token, asked for at each call and not kept (it is a credential). */
    ticketCall: build.query<TicketCallAnswer, number>({
      query: (id) => `tickets/${id}/call`,
      keepUnusedDataFor: 0,
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
      transformResponse: (answer: UserListResponse) => answer.users,
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
  useLazyTicketCallQuery,
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
