import {
  CreateFileListRequest,
  DomainError,
  FileListPage,
  FileListView,
  ListFileListsQuery,
  RecordIdParam,
  safeText,
  UpdateFileListRequest,
  type FileOption,
  type StoredMedia,
} from '@conversa/contracts';
import { addFileOptions, changeFileList, createFileList, deleteFileList } from '@conversa/core';
import { findFileList, listFileLists } from '@conversa/projections/files/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';

const IdParam = z.object({ id: RecordIdParam });
const Deleted = z.object({ message: z.string() });
const auth = { area: 'files' } as const;
const who = (request: FastifyRequest) => ({ companyId: request.principal.companyId, actor: userActor(request.principal.userId) });
const optionName = safeText().trim().max(200);

async function companyFileList(ctx: ApiContext, request: FastifyRequest, id: number): Promise<FileListView> {
  const found = await findFileList(ctx.db, request.principal.companyId, id);
  if (!found) throw new DomainError('ERR_NO_FILE_LIST_FOUND');
  return found;
}

/**
 * File lists (/files): a name, a message and the files sent together. The files come through
 * POST /files/uploadList/{id} as multipart: each `file` part is added, named by the `name` field
 * before it (or its own file name).
 */
export async function fileListRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: 20, fields: 40, fieldSize: 1_000, parts: 60 } });

  for (const url of ['/files', '/files/']) {
    app.get(url, { config: { auth, contract: { summary: 'A page of file lists', query: ListFileListsQuery, response: FileListPage } } }, async (request) => {
      const query = request.query;
      return listFileLists(ctx.db, request.principal.companyId, query);
    });
  }

  app.get(
    '/files/:id',
    { config: { auth, contract: { summary: 'One file list with its files', params: IdParam, response: FileListView, errors: ['ERR_NO_FILE_LIST_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      return companyFileList(ctx, request, id);
    },
  );

  app.post(
    '/files',
    {
      config: {
        auth,
        contract: { summary: 'Create a file list (its files come through uploadList)', body: CreateFileListRequest, response: FileListView, status: 201 },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await createFileList(ctx, { ...who(request), ...body, userId: request.principal.userId });
      return reply.status(201).send(await companyFileList(ctx, request, id));
    },
  );

  app.put(
    '/files/:id',
    {
      config: {
        auth,
        contract: {
          summary: 'Change a file list; `options` names the files kept',
          params: IdParam,
          body: UpdateFileListRequest,
          response: FileListView,
          errors: ['ERR_NO_FILE_LIST_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await companyFileList(ctx, request, id);
      // A file taken out of the list keeps its stored bytes: the routing bot's messages in tickets point at them.
      await changeFileList(ctx, { ...who(request), id, name: body.name, message: body.message, keepOptionIds: body.options?.map((option) => option.id) });
      return companyFileList(ctx, request, id);
    },
  );

  app.delete(
    '/files/:id',
    { config: { auth, contract: { summary: 'Delete a file list', params: IdParam, response: Deleted, errors: ['ERR_NO_FILE_LIST_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      await companyFileList(ctx, request, id);
      await deleteFileList(ctx, { ...who(request), id });
      return { message: 'File list deleted' };
    },
  );

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
      await companyFileList(ctx, request, id);
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
        await addFileOptions(ctx, { ...who(request), id, options });
      } catch (error) {
        for (const media of stored) await ctx.media.remove(companyId, media.url).catch(() => undefined);
        throw error;
      }
      return companyFileList(ctx, request, id);
    },
  );
}
