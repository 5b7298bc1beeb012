import {
  CreateQuickMessageRequest,
  DomainError,
  ListQuickMessagesQuery,
  quickMessageStream,
  UpdateQuickMessageRequest,
  RecordIdParam,
} from '@conversa/contracts';
import { quickMessage } from '@conversa/core';
import {
  findQuickMessage,
  listComposerQuickMessages,
  listQuickMessageCategories,
  listQuickMessages,
} from '@conversa/projections/quickMessages/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { parse } from '../http/errors';
import { quickMessageEditor, removeStoredMedia, visibleQuickMessage } from './access';
import { quickMessageMediaRoutes } from './media';

const IdParam = z.object({ id: RecordIdParam });

/** A category must be one of the company's category entries that the caller can see. */
async function checkCategory(ctx: ApiContext, request: FastifyRequest, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const category = await findQuickMessage(ctx.db, request.principal.companyId, categoryId, quickMessageEditor(request.principal));
  if (!category?.isCategory) throw new DomainError('ERR_VALIDATION', 'categoryId: categoria não encontrada');
}

/** Quick replies; the attachment routes are in ./media.ts. */
export async function quickMessageRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await quickMessageMediaRoutes(app, ctx);

  app.get('/quick-messages', async (request) => {
    const query = parse(ListQuickMessagesQuery, request.query);
    const companyId = companyScope(request.principal, query.companyId);
    return listQuickMessages(ctx.db, companyId, {
      viewer: quickMessageEditor(request.principal),
      searchParam: query.searchParam,
      userId: query.userId,
      pageNumber: query.pageNumber,
    });
  });

  app.get('/quick-messages/list', async (request) => listComposerQuickMessages(ctx.db, request.principal.companyId, request.principal.userId));

  app.get('/quick-messages/categoriesMessages', async (request) =>
    listQuickMessageCategories(ctx.db, request.principal.companyId, quickMessageEditor(request.principal)),
  );

  app.get('/quick-messages/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    return visibleQuickMessage(ctx, request, id);
  });

  app.post('/quick-messages', async (request) => {
    const body = parse(CreateQuickMessageRequest, request.body);
    const { principal } = request;
    await checkCategory(ctx, request, body.categoryId);
    const quickMessageId = await ctx.ids.next('quick_message');
    await execute(ctx, {
      decider: quickMessage,
      streamId: quickMessageStream(quickMessageId),
      command: { type: 'CreateQuickMessage', quickMessageId, by: quickMessageEditor(principal), fields: body },
      companyId: principal.companyId,
      actor: userActor(principal.userId),
    });
    return findQuickMessage(ctx.db, principal.companyId, quickMessageId);
  });

  app.put('/quick-messages/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    const changes = parse(UpdateQuickMessageRequest, request.body);
    const { principal } = request;
    await visibleQuickMessage(ctx, request, id);
    await checkCategory(ctx, request, changes.categoryId);
    await execute(ctx, {
      decider: quickMessage,
      streamId: quickMessageStream(id),
      command: { type: 'ChangeQuickMessage', by: quickMessageEditor(principal), changes },
      companyId: principal.companyId,
      actor: userActor(principal.userId),
    });
    return findQuickMessage(ctx.db, principal.companyId, id);
  });

  app.delete('/quick-messages/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    const { principal } = request;
    await visibleQuickMessage(ctx, request, id);
    const { state } = await execute(ctx, {
      decider: quickMessage,
      streamId: quickMessageStream(id),
      command: { type: 'DeleteQuickMessage', by: quickMessageEditor(principal) },
      companyId: principal.companyId,
      actor: userActor(principal.userId),
    });
    if (state.status !== 'none' && state.media) await removeStoredMedia(ctx, request, state.media.url);
    return { message: 'Quick message deleted' };
  });
}
