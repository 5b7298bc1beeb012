import type { AnnouncementPage, AnnouncementView, CreateAnnouncementRequest, UpdateAnnouncementRequest } from '@conversa/contracts';
import { api } from '../../app/api';

export interface AnnouncementPageArgs {
  searchParam: string;
  pageNumber: number;
}

export const announcementsApi = api.enhanceEndpoints({ addTagTypes: ['Announcements'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /announcements: the super user's table (every one), or the popover's active ones by priority. */
    announcementPage: build.query<AnnouncementPage, AnnouncementPageArgs>({
      query: ({ searchParam, pageNumber }) => ({ url: 'announcements', params: { searchParam, pageNumber } }),
      serializeQueryArgs: ({ queryArgs, endpointName }) => `${endpointName}:${queryArgs.searchParam.trim().toLowerCase()}`,
      merge: (current, incoming, { arg }) => {
        if (arg.pageNumber === 1) return incoming;
        const known = new Set(incoming.records.map((row) => row.id));
        return { records: [...current.records.filter((row) => !known.has(row.id)), ...incoming.records], hasMore: incoming.hasMore };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber,
      providesTags: ['Announcements'],
    }),
    createAnnouncement: build.mutation<AnnouncementView, CreateAnnouncementRequest>({
      query: (body) => ({ url: 'announcements', method: 'POST', body }),
    }),
    updateAnnouncement: build.mutation<AnnouncementView, UpdateAnnouncementRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `announcements/${id}`, method: 'PUT', body }),
    }),
    deleteAnnouncement: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `announcements/${id}`, method: 'DELETE' }),
    }),
    uploadAnnouncementMedia: build.mutation<AnnouncementView, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('typeArch', 'announcements');
        form.append('file', file, file.name);
        return { url: `announcements/${id}/media-upload`, method: 'POST', body: form };
      },
    }),
    removeAnnouncementMedia: build.mutation<AnnouncementView, number>({
      query: (id) => ({ url: `announcements/${id}/media-upload`, method: 'DELETE' }),
    }),
    markAnnouncementRead: build.mutation<AnnouncementView, number>({
      query: (id) => ({ url: `announcements/${id}/read`, method: 'POST' }),
    }),
  }),
});

export const {
  useAnnouncementPageQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
  useRemoveAnnouncementMediaMutation,
  useMarkAnnouncementReadMutation,
} = announcementsApi;
