import { CreateQuickMessageRequest, ListQuickMessagesQuery, UpdateQuickMessageRequest, QuickMessagePage, QuickMessageView } from '@conversa/contracts';
import { changeQuickMessage, createQuickMessage, deleteQuickMessage, removeQuickMessageMedia, type QuickMessageCategoryLookup } from '@conversa/core';
import { findQuickMessage, listComposerQuickMessages, listQuickMessageCategories, listQuickMessages } from '@conversa/projections/quickMessages/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { actingAs, recordRoutes } from '../http/records';
import { quickMessageEditor, quickMessageFiles, visibleQuickMessage } from './access';
import { quickMessageMediaRoutes } from './media';

/** The categories the caller can see: the company's category entries visible to them. */
function categoriesOf(ctx: ApiContext, request: FastifyRequest): QuickMessageCategoryLookup {
  return {
    isVisibleCategory: async (categoryId) =>
      Boolean((await findQuickMessage(ctx.db, request.principal.companyId, categoryId, quickMessageEditor(request.principal)))?.isCategory),
  };
}

/** Quick replies; the attachment routes are in ./media.ts. */
export async function quickMessageRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await quickMessageMediaRoutes(app, ctx);

  app.get(
    '/quick-messages/list',
    { config: { contract: { summary: 'The quick replies the composer offers the caller', response: z.array(QuickMessageView) } } },
    async (request) => listComposerQuickMessages(ctx.db, request.principal.companyId, request.principal.userId),
  );

  app.get(
    '/quick-messages/categoriesMessages',
    { config: { contract: { summary: 'Categories of quick replies', response: z.array(QuickMessageView) } } },
    async (request) => listQuickMessageCategories(ctx.db, request.principal.companyId, quickMessageEditor(request.principal)),
  );

  recordRoutes(app, {
    path: '/quick-messages',
    view: QuickMessageView,
    notFound: 'ERR_NO_QUICKMESSAGE_FOUND',
    find: (request, id) => visibleQuickMessage(ctx, request, id),
    list: {
      query: ListQuickMessagesQuery,
      response: QuickMessagePage,
      errors: ['ERR_NO_PERMISSION'],
      run: ({ companyId, ...query }, request) =>
        listQuickMessages(ctx.db, companyScope(request.principal, companyId), { viewer: quickMessageEditor(request.principal), ...query }),
    },
    get: { errors: ['ERR_NO_PERMISSION'] },
    create: {
      body: CreateQuickMessageRequest,
      status: 200,
      errors: ['ERR_NO_PERMISSION', 'ERR_NO_QUICKMESSAGE_FOUND'],
      run: (fields, request) =>
        createQuickMessage(ctx, { ...actingAs(request), by: quickMessageEditor(request.principal), fields, categories: categoriesOf(ctx, request) }),
    },
    change: {
      body: UpdateQuickMessageRequest,
      errors: ['ERR_NO_PERMISSION'],
      run: ({ id, changes }, request) =>
        changeQuickMessage(ctx, { ...actingAs(request), by: quickMessageEditor(request.principal), id, changes, categories: categoriesOf(ctx, request) }),
    },
    actions: [
      {
        name: 'media-upload',
        method: 'DELETE',
        errors: ['ERR_NO_PERMISSION'],
        run: ({ id }, request) =>
          removeQuickMessageMedia(ctx, { ...actingAs(request), by: quickMessageEditor(request.principal), id, files: quickMessageFiles(ctx, request) }),
      },
    ],
    delete: {
      errors: ['ERR_NO_PERMISSION'],
      run: ({ id }, request) =>
        deleteQuickMessage(ctx, { ...actingAs(request), by: quickMessageEditor(request.principal), id, files: quickMessageFiles(ctx, request) }),
    },
  });
}
