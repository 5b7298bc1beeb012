import type { CreateFileListRequest, FileListPage, FileListView, UpdateFileListRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';

/** At most this many pages of file lists in the pickers (1,000 lists). */
const FILE_LIST_CHOICE_PAGES = 50;

export const filesApi = api.enhanceEndpoints({ addTagTypes: ['FileLists'] }).injectEndpoints({
  endpoints: (build) => ({
    fileListPage: build.query<FileListPage, SearchPageArgs>(getSearchPage('files', 'files', 'FileLists')),
    /** Every file list of the company for the pickers (queue, chatbot option, campaign); the route pages by 20. */
    fileListChoices: build.query<FileListView[], void>({
      async queryFn(_arg, _api, _extra, fetch) {
        const all: FileListView[] = [];
        for (let pageNumber = 1; pageNumber <= FILE_LIST_CHOICE_PAGES; pageNumber++) {
          const page = await fetch({ url: 'files', params: { pageNumber } });
          if (page.error) return { error: page.error };
          const body = page.data as FileListPage;
          all.push(...body.files);
          if (!body.hasMore) break;
        }
        return { data: all };
      },
      // Asked again each time a dialog opens: lists created on the files screen since then are offered.
      keepUnusedDataFor: 0,
      providesTags: ['FileLists'],
    }),
    createFileList: build.mutation<FileListView, CreateFileListRequest>(post('files')),
    updateFileList: build.mutation<FileListView, UpdateFileListRequest & { id: number }>(put('files')),
    deleteFileList: build.mutation<unknown, number>(del('files')),
    /** POST /files/uploadList/{id}: each file after its name. */
    uploadFileList: build.mutation<FileListView, { id: number; files: Array<{ name: string; file: File }> }>({
      query: ({ id, files }) => {
        const form = new FormData();
        for (const { name, file } of files) {
          form.append('name', name);
          form.append('file', file);
        }
        return { url: `files/uploadList/${id}`, method: 'POST', body: form };
      },
      invalidatesTags: ['FileLists'],
    }),
  }),
});

export const {
  useFileListPageQuery,
  useFileListChoicesQuery,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useDeleteFileListMutation,
  useUploadFileListMutation,
} = filesApi;
