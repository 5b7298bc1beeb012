import type { AnnouncementPage, AnnouncementView, CreateAnnouncementRequest, UpdateAnnouncementRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { pagedList } from '../../shared/pagedList';

export interface AnnouncementPageArgs {
  searchParam: string;
  pageNumber: number;
}

export const announcementsApi = api.enhanceEndpoints({ addTagTypes: ['Announcements'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /announcements: the super user's table (every one), or the popover's active ones by priority. */
    announcementPage: build.query<AnnouncementPage, AnnouncementPageArgs>({
      query: ({ searchParam, pageNumber }) => ({ url: 'announcements', params: { searchParam, pageNumber } }),
      ...pagedList<AnnouncementPage, AnnouncementPageArgs>('records'),
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
