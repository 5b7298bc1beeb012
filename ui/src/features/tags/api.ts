import type { CreateTagRequest, KanbanTicket, TagPage, TagView, UpdateTagRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';
import { pagedList } from '../../shared/pagedList';

/** One page of GET /tags: `offset` is how many rows the screen has loaded (infinite scroll). */
export interface TagPageArgs {
  searchParam: string;
  kanban?: 0 | 1;
  offset: number;
}

/** A tag as a contact or ticket carries it. */
export interface TagChip {
  id: number;
  name: string;
  color: string;
}

/** The input of POST /tags and PUT /tags/{id} before the server's defaults (form values). */
export type TagRequest = Pick<CreateTagRequest, 'name' | 'color' | 'kanban'>;

export const tagsApi = api.enhanceEndpoints({ addTagTypes: ['Tags', 'ContactTags', 'Kanban'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /tags: pages merged into one list per search and kanban filter. */
    tagPage: build.query<TagPage, TagPageArgs>({
      query: ({ searchParam, kanban, offset }) => ({ url: 'tags', params: { searchParam, offset, ...(kanban !== undefined ? { kanban } : {}) } }),
      ...pagedList<TagPage, TagPageArgs>('tags', { page: (args) => args.offset, firstPage: 0, scope: (args) => [args.kanban ?? 'all'] }),
      providesTags: ['Tags'],
    }),
    /** GET /tags/list: every tag of the company (the tag editor's choices). */
    allTags: build.query<TagView[], void>(get('tags/list', 'Tags')),
    /** GET /tags/kanban: the board's lanes. */
    kanbanLanes: build.query<TagView[], void>({
      query: () => 'tags/kanban',
      transformResponse: (body: { lista: TagView[] }) => body.lista,
      providesTags: ['Tags'],
    }),
    createTag: build.mutation<TagView, TagRequest>(post('tags')),
    updateTag: build.mutation<TagView, UpdateTagRequest & { id: number }>(put('tags')),
    deleteTag: build.mutation<{ message: string }, number>(del('tags')),
    /** GET /contactTags/{contactId}. */
    contactTags: build.query<TagChip[], number>({
      query: (contactId) => `contactTags/${contactId}`,
      transformResponse: (body: { tags: TagChip[] }) => body.tags,
      providesTags: (_result, _error, contactId) => [{ type: 'ContactTags', id: contactId }],
    }),
    /** POST /tags/sync: the contact's (or the ticket's contact's) tags become exactly these. */
    syncTags: build.mutation<{ tags: TagChip[] }, { contactId: number; ticketId?: number; tags: Array<{ id: number }> }>({
      query: (body) => ({ url: 'tags/sync', method: 'POST', body }),
    }),
    /** GET /ticket/kanban: the cards of the user's queues. */
    kanbanTickets: build.query<KanbanTicket[], number[]>({
      query: (queueIds) => ({ url: 'ticket/kanban', params: { queueIds: JSON.stringify(queueIds) } }),
      transformResponse: (body: { tickets: KanbanTicket[] }) => body.tickets,
      providesTags: ['Kanban'],
    }),
    /** DELETE /ticket-tags/{ticketId}: the card leaves its lane. */
    removeTicketTags: build.mutation<{ tags: TagChip[] }, number>({
      query: (ticketId) => ({ url: `ticket-tags/${ticketId}`, method: 'DELETE' }),
    }),
    /** PUT /ticket-tags/{ticketId}/{tagId}: the card enters a lane. */
    addTicketTag: build.mutation<{ tags: TagChip[] }, { ticketId: number; tagId: number }>({
      query: ({ ticketId, tagId }) => ({ url: `ticket-tags/${ticketId}/${tagId}`, method: 'PUT' }),
    }),
  }),
});

export const {
  useTagPageQuery,
  useAllTagsQuery,
  useKanbanLanesQuery,
  useCreateTagMutation,
  useUpdateTagMutation,
  useDeleteTagMutation,
  useContactTagsQuery,
  useSyncTagsMutation,
  useKanbanTicketsQuery,
  useRemoveTicketTagsMutation,
  useAddTicketTagMutation,
} = tagsApi;
