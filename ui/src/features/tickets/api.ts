import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';
import { storageKeys, writeStorage } from '../../app/storage';
import type { RootState } from '../../app/store';
import { normaliseListArgs, toQueryParams, type TicketListArgs, type TicketPageParam } from './listArgs';
import type {
  ClosedCount,
  ConnectionView,
  CreateTicketBody,
  QueueSummary,
  TagView,
  TicketCallAnswer,
  TicketHistory,
  TicketPage,
  TicketSlaList,
  TicketView as Ticket,
  UpdateTicketRequest,
  UserListResponse,
  UserOption,
} from '@conversa/contracts';
import type { TicketStatus } from './types';

/** PUT /tickets/{id}: the state wanted; the server reads which transition it is. */
export type TicketChange = UpdateTicketRequest & { id: number };
export type { TicketHistory } from '@conversa/contracts';

/** What the ticket dialogs and filters show of the lists they pick from (GET /queue, /users/list, /whatsapp, /tags/list). */
export type QueueOption = QueueSummary;
export type NamedOption = UserOption;
export type ConnectionOption = Pick<ConnectionView, 'id' | 'name' | 'channel' | 'status'>;
export type TagOption = Pick<TagView, 'id' | 'name' | 'color'>;

/** Count badges ask for the first page only and keep its count. */
const countParams = (args: TicketListArgs) => toQueryParams(args, 1);

type PageResult = QueryReturnValue<TicketPage, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;
/** GET /tickets calls in flight, by their address. */
const inFlight = new Map<string, Promise<PageResult>>();

/**
 * A tab's list and its count badge ask GET /tickets for the same first page at the same moment (their cache keys
 * differ: one keeps pages, the other a number): while one such call is in flight, an identical one shares its answer.
 */
export function sharedPage(baseQuery: (arg: FetchArgs) => unknown, params: Record<string, string>): Promise<PageResult> {
  const key = new URLSearchParams(params).toString();
  let call = inFlight.get(key);
  if (!call) {
    call = Promise.resolve(baseQuery({ url: 'tickets', params }) as PageResult | Promise<PageResult>).finally(() => inFlight.delete(key));
    inFlight.set(key, call);
  }
  return call;
}

let firstListKept = false;

/**
 * The first list of the open tab this page asks (the screen's defaults for this user), kept for the boot script,
 * which asks it on the next visit as soon as the session is back (ui/src/boot.ts).
 */
function rememberFirstList(state: RootState, params: Record<string, string>): void {
  const user = state.session.user;
  if (firstListKept || !user || params.status !== 'open' || params.pageNumber !== '1' || params.cursor) return;
  firstListKept = true;
  writeStorage(storageKeys.firstTicketList, JSON.stringify({ user: user.id, company: user.companyId, query: new URLSearchParams(params).toString() }));
}

export const ticketsApi = api.enhanceEndpoints({ addTagTypes: ['Ticket', 'TicketLookups'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The running SLA clocks of a list's tickets (sla.ts keys them by the tickets and their newest change). */
    ticketSla: build.query<TicketSlaList, string>({
      query: (key) => ({ url: 'tickets/sla', params: { ids: key.split('@')[0] } }),
    }),
    /** One list (tab or view), page by page of 40, newest activity first. */
    ticketList: build.infiniteQuery<TicketPage, TicketListArgs, TicketPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { pageNumber: 1 },
        // The server's cursor continues where the last page ended, so rows moved by live updates are neither skipped nor repeated.
        getNextPageParam: (lastPage, _pages, lastPageParam) =>
          lastPage.hasMore ? { pageNumber: lastPageParam.pageNumber + 1, cursor: lastPage.nextCursor } : undefined,
        // After a lost connection the list starts again from its first page rather than re-reading every page it had.
        refetchCachedPages: false,
      },
      queryFn: ({ queryArg, pageParam }, { getState }, _extra, baseQuery) => {
        const params = toQueryParams(normaliseListArgs(queryArg), pageParam);
        rememberFirstList(getState() as RootState, params);
        return sharedPage(baseQuery, params);
      },
      providesTags: ['Ticket'],
    }),
    ticketCount: build.query<number, TicketListArgs>({
      // Asked without a cursor: the count is always there.
      queryFn: async (args, _api, _extra, baseQuery) => {
        const answer = await sharedPage(baseQuery, countParams(normaliseListArgs(args)));
        return answer.error ? { error: answer.error } : { data: answer.data.count ?? 0 };
      },
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
    updateTicket: build.mutation<Ticket, TicketChange>(put('tickets')),
    createTicket: build.mutation<Ticket, CreateTicketBody>(post('tickets')),
    deleteTicket: build.mutation<unknown, number>(del('tickets')),
    closeAllTickets: build.mutation<ClosedCount, { status: TicketStatus; queueIds?: number[] }>(post('tickets/closeAll')),
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
    queueOptions: build.query<QueueOption[], void>(get('queue', 'TicketLookups')),
    /** Connections (GET /whatsapp) for the new-ticket dialog and the filter panel. */
    connectionOptions: build.query<ConnectionOption[], void>(get('whatsapp', 'TicketLookups')),
    /** Every user's id and name (GET /users/list) for the admins' user filter and the new-ticket dialog. */
    userOptions: build.query<NamedOption[], void>(get('users/list', 'TicketLookups')),
    /** The transfer dialog's user search (GET /users/?searchParam), from 3 characters. */
    searchUsers: build.query<NamedOption[], string>({
      query: (searchParam) => ({ url: 'users', params: { searchParam } }),
      transformResponse: (answer: UserListResponse) => answer.users,
    }),
    tagOptions: build.query<TagOption[], void>(get('tags/list', 'TicketLookups')),
  }),
});

export const {
  useTicketSlaQuery,
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
