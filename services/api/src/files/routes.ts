import {
  CreateFileListRequest,
  DomainError,
  FileListPage,
  FileListView,
  ListFileListsQuery,
  safeText,
  UpdateFileListRequest,
  type FileOption,
  type StoredMedia,
} from '@conversa/contracts';
import { addFileOptions, changeFileList, createFileList, deleteFileList } from '@conversa/core';
import { findFileList, listFileLists } from '@conversa/projections/files/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';
import { actingAs, IdParam, recordRoutes } from '../http/records';

const auth = { area: 'files' } as const;
const optionName = safeText().trim().max(200);

/**
 * File lists (/files): a name, a message and the files sent together. The files come through
 * POST /files/uploadList/{id} as multipart: each `file` part is added, named by the `name` field
 * before it (or its own file name).
 */
export async function fileListRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: 20, fields: 40, fieldSize: 1_000, parts: 60 } });

  const companyFileList = recordRoutes(app, {
    path: '/files',
    view: FileListView,
    notFound: 'ERR_NO_FILE_LIST_FOUND',
    find: (request, id) => findFileList(ctx.db, request.principal.companyId, id),
    auth,
    list: {
      summary: 'A page of file lists',
      query: ListFileListsQuery,
      response: FileListPage,
      slash: true,
      run: (query, request) => listFileLists(ctx.db, request.principal.companyId, query),
    },
    get: { summary: 'One file list with its files' },
    create: {
      summary: 'Create a file list (its files come through uploadList)',
      body: CreateFileListRequest,
      run: (body, request) => createFileList(ctx, { ...actingAs(request), ...body, userId: request.principal.userId }),
    },
    change: {
      summary: 'Change a file list; `options` names the files kept',
      body: UpdateFileListRequest,
      // A file taken out of the list keeps its stored bytes: the routing bot's messages in tickets point at them.
      run: ({ id, changes }, request) =>
        changeFileList(ctx, {
          ...actingAs(request),
          id,
          name: changes.name,
          message: changes.message,
          keepOptionIds: changes.options?.map((option) => option.id),
        }),
    },
    delete: {
      summary: 'Delete a file list',
      async run({ id }, request) {
        await deleteFileList(ctx, { ...actingAs(request), id });
        return { message: 'File list deleted' };
      },
    },
  });

  app.post(
    '/files/uploadList/:id',
    {
      config: {
        auth,
        contract: {
          summary: 'Add files to a file list (multipart: `name` then `file`, repeated)',
          params: IdParam,
          response: FileListView,
          multipart: true,
          errors: ['ERR_NO_FILE_LIST_FOUND', 'ERR_MEDIA_TOO_LARGE', 'ERR_MEDIA_TYPE_NOT_ALLOWED'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { companyId } = request.principal;
      await companyFileList(request, id);
      if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
      const stored: StoredMedia[] = [];
      const options: FileOption[] = [];
      try {
        let pendingName: string | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'name') pendingName = parse(optionName, String(part.value));
            continue;
          }
          if (part.fieldname !== 'file') throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
          const media = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
          stored.push(media);
          options.push({ optionId: randomUUID(), name: (pendingName || part.filename || media.name).slice(0, 200), media });
          pendingName = undefined;
        }
        if (options.length === 0) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
        await addFileOptions(ctx, { ...actingAs(request), id, options });
      } catch (error) {
        for (const media of stored) await ctx.media.remove(companyId, media.url).catch(() => undefined);
        throw error;
      }
      return companyFileList(request, id);
    },
  );
}
