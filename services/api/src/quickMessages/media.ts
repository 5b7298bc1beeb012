import { safeText, QuickMessageView } from '@conversa/contracts';
import { assertQuickMessageEditable, attachQuickMessageMedia } from '@conversa/core';
import { findQuickMessage } from '@conversa/projections/quickMessages/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { actingAs, IdParam } from '../http/records';
import { withUpload } from '../http/uploads';
import { quickMessageEditor, quickMessageFiles, visibleQuickMessage } from './access';

/** The browser names the folder kind (`quickMessage`); the store decides where files live, so it is only checked for shape. */
const UploadFields = z.object({ typeArch: safeText().max(50).optional() });

/** Refuses before any byte is stored: the caller must be allowed to change this quick message. */
async function assertEditable(ctx: ApiContext, request: FastifyRequest, id: number): Promise<void> {
  await visibleQuickMessage(ctx, request, id);
  await assertQuickMessageEditable(ctx, { id, by: quickMessageEditor(request.principal) });
}

/** POST /quick-messages/:id/media-upload: one attachment per quick message, multipart `file` and `typeArch` (its removal is a command of ./routes.ts). */
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
      await assertEditable(ctx, request, id);
      await withUpload(ctx, request, { field: 'file', fields: UploadFields }, (media) =>
        attachQuickMessageMedia(ctx, { ...actingAs(request), by: quickMessageEditor(request.principal), id, media, files: quickMessageFiles(ctx, request) }),
      );
      return findQuickMessage(ctx.db, request.principal.companyId, id);
    },
  );
}
