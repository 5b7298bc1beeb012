import { DomainError, type StoredMedia, RecordIdParam, safeText, QuickMessageView } from '@conversa/contracts';
import { assertQuickMessageEditable, attachQuickMessageMedia, removeQuickMessageMedia } from '@conversa/core';
import { findQuickMessage } from '@conversa/projections/quickMessages/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';
import { quickMessageEditor, quickMessageFiles, visibleQuickMessage } from './access';

const IdParam = z.object({ id: RecordIdParam });
/** The browser names the folder kind (`quickMessage`); the store decides where files live, so it is only checked for shape. */
const UploadFields = z.object({ typeArch: safeText().max(50).optional() });

/** Refuses before any byte is stored: the caller must be allowed to change this quick message. */
async function assertEditable(ctx: ApiContext, request: FastifyRequest, id: number): Promise<void> {
  await visibleQuickMessage(ctx, request, id);
  await assertQuickMessageEditable(ctx, { id, by: quickMessageEditor(request.principal) });
}

/** POST/DELETE /quick-messages/:id/media-upload: one attachment per quick message, multipart `file` and `typeArch`. */
export async function quickMessageMediaRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // One byte over the store's limit reaches the store, which refuses it with its own error.
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });

  app.post(
    '/quick-messages/:id/media-upload',
    {
      config: {
        contract: {
          summary: 'Attaches a file (multipart `file`, `typeArch`) to a quick message',
          params: IdParam,
          multipart: true,
          response: QuickMessageView,
          errors: ['ERR_NO_QUICKMESSAGE_FOUND', 'ERR_NO_PERMISSION', 'ERR_MEDIA_TOO_LARGE', 'ERR_MULTIPART_INVALID'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      const companyId = principal.companyId;
      await assertEditable(ctx, request, id);
      if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');

      let stored: StoredMedia | undefined;
      try {
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
            stored = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
          } else fields[part.fieldname] = String(part.value);
        }
        parse(UploadFields, fields);
        if (!stored) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
        await attachQuickMessageMedia(ctx, {
          companyId,
          actor: userActor(principal.userId),
          by: quickMessageEditor(principal),
          id,
          media: stored,
          files: quickMessageFiles(ctx, request),
        });
      } catch (error) {
        if (stored) await ctx.media.remove(companyId, stored.url);
        throw error;
      }
      return findQuickMessage(ctx.db, companyId, id);
    },
  );

  app.delete(
    '/quick-messages/:id/media-upload',
    { config: { contract: { params: IdParam, response: QuickMessageView, errors: ['ERR_NO_QUICKMESSAGE_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await visibleQuickMessage(ctx, request, id);
      await removeQuickMessageMedia(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        by: quickMessageEditor(principal),
        id,
        files: quickMessageFiles(ctx, request),
      });
      return findQuickMessage(ctx.db, principal.companyId, id);
    },
  );
}
