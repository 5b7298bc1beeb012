import type { CreateFileListRequest, FileListPage, FileListView, UpdateFileListRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { pagedList } from '../../shared/pagedList';

export const filesApi = api.enhanceEndpoints({ addTagTypes: ['FileLists'] }).injectEndpoints({
  endpoints: (build) => ({
    fileListPage: build.query<FileListPage, { searchParam: string; pageNumber: number }>({
      query: ({ searchParam, pageNumber }) => ({ url: 'files', params: { searchParam, pageNumber } }),
      ...pagedList<FileListPage, { searchParam: string; pageNumber: number }>('files'),
      providesTags: ['FileLists'],
    }),
    createFileList: build.mutation<FileListView, CreateFileListRequest>({ query: (body) => ({ url: 'files', method: 'POST', body }) }),
    updateFileList: build.mutation<FileListView, UpdateFileListRequest & { id: number }>({ query: ({ id, ...body }) => ({ url: `files/${id}`, method: 'PUT', body }) }),
    deleteFileList: build.mutation<unknown, number>({ query: (id) => ({ url: `files/${id}`, method: 'DELETE' }) }),
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

export const { useFileListPageQuery, useCreateFileListMutation, useUpdateFileListMutation, useDeleteFileListMutation, useUploadFileListMutation } = filesApi;
