import {
  CreateQuickMessageRequest,
  ListQuickMessagesQuery,
  UpdateQuickMessageRequest,
  RecordIdParam,
  QuickMessagePage,
  QuickMessageView,
  DeletedAnswer,
} from '@conversa/contracts';
import { changeQuickMessage, createQuickMessage, deleteQuickMessage, type QuickMessageCategoryLookup } from '@conversa/core';
import { findQuickMessage, listComposerQuickMessages, listQuickMessageCategories, listQuickMessages } from '@conversa/projections/quickMessages/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { quickMessageEditor, quickMessageFiles, visibleQuickMessage } from './access';
import { quickMessageMediaRoutes } from './media';

const IdParam = z.object({ id: RecordIdParam });

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
    '/quick-messages',
    { config: { contract: { query: ListQuickMessagesQuery, response: QuickMessagePage, errors: ['ERR_NO_PERMISSION'] } } },
    async (request) => {
      const query = request.query;
      const companyId = companyScope(request.principal, query.companyId);
      return listQuickMessages(ctx.db, companyId, {
        viewer: quickMessageEditor(request.principal),
        searchParam: query.searchParam,
        userId: query.userId,
        pageNumber: query.pageNumber,
      });
    },
  );

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

  app.get(
    '/quick-messages/:id',
    { config: { contract: { params: IdParam, response: QuickMessageView, errors: ['ERR_NO_QUICKMESSAGE_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { id } = request.params;
      return visibleQuickMessage(ctx, request, id);
    },
  );

  app.post(
    '/quick-messages',
    { config: { contract: { body: CreateQuickMessageRequest, response: QuickMessageView, errors: ['ERR_NO_PERMISSION', 'ERR_NO_QUICKMESSAGE_FOUND'] } } },
    async (request) => {
      const body = request.body;
      const { principal } = request;
      const quickMessageId = await createQuickMessage(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        by: quickMessageEditor(principal),
        fields: body,
        categories: categoriesOf(ctx, request),
      });
      return findQuickMessage(ctx.db, principal.companyId, quickMessageId);
    },
  );

  app.put(
    '/quick-messages/:id',
    {
      config: {
        contract: { params: IdParam, body: UpdateQuickMessageRequest, response: QuickMessageView, errors: ['ERR_NO_QUICKMESSAGE_FOUND', 'ERR_NO_PERMISSION'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const { principal } = request;
      await visibleQuickMessage(ctx, request, id);
      await changeQuickMessage(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        by: quickMessageEditor(principal),
        id,
        changes,
        categories: categoriesOf(ctx, request),
      });
      return findQuickMessage(ctx.db, principal.companyId, id);
    },
  );

  app.delete(
    '/quick-messages/:id',
    { config: { contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_QUICKMESSAGE_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await visibleQuickMessage(ctx, request, id);
      return deleteQuickMessage(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        by: quickMessageEditor(principal),
        id,
        files: quickMessageFiles(ctx, request),
      });
    },
  );
}
