import type { AnnouncementPage, AnnouncementView, CreateAnnouncementRequest, UpdateAnnouncementRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';

export type AnnouncementPageArgs = SearchPageArgs;

export const announcementsApi = api.enhanceEndpoints({ addTagTypes: ['Announcements'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /announcements: the super user's table (every one), or the popover's active ones by priority. */
    announcementPage: build.query<AnnouncementPage, AnnouncementPageArgs>(getSearchPage('announcements', 'records', 'Announcements')),
    createAnnouncement: build.mutation<AnnouncementView, CreateAnnouncementRequest>(post('announcements')),
    updateAnnouncement: build.mutation<AnnouncementView, UpdateAnnouncementRequest & { id: number }>(put('announcements')),
    deleteAnnouncement: build.mutation<{ message: string }, number>(del('announcements')),
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
