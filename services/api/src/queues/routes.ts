import {
  CreateChatbotRequest,
  CreateQueueRequest,
  DomainError,
  ListChatbotsQuery,
  ListQueuesQuery,
  UpdateChatbotRequest,
  UpdateQueueRequest,
  type ChatbotOptionInput,
  RecordIdParam,
  QueueView,
  QueueWithOptions,
  ChatbotOptionView,
  DeletedAnswer,
} from '@conversa/contracts';
import {
  addChatbotOption,
  changeChatbotOption,
  changeQueue,
  createQueue,
  deleteQueue,
  parentOptionQueue,
  removeChatbotOption,
  type QueueLookup,
} from '@conversa/core';
import { countQueues, existingQueueIds, findChatbotOption, findQueue, listQueues, optionTrees } from '@conversa/projections/queues/queries';
import { fileListsByIds } from '@conversa/projections/files/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { checkBotLinks } from '../queueIntegrations/links';

const IdParam = z.object({ id: RecordIdParam });
const adminOnly = { config: { auth: { area: 'queues' } } } as const;

async function companyQueue(ctx: ApiContext, companyId: number, queueId: number): Promise<QueueWithOptions> {
  const found = await findQueue(ctx.db, companyId, queueId);
  if (!found) throw new DomainError('ERR_NO_QUEUE_FOUND');
  return found;
}

async function companyOption(ctx: ApiContext, companyId: number, optionId: number): Promise<ChatbotOptionView> {
  const found = await findChatbotOption(ctx.db, companyId, optionId);
  if (!found) throw new DomainError('ERR_NO_CHATBOT_FOUND');
  return found;
}

/** A queue's or a `file` option's file list must be one of the company's live lists. */
async function checkFileLists(ctx: ApiContext, companyId: number, ids: readonly (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = new Set((await fileListsByIds(ctx.db, companyId, wanted)).map((list) => list.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw new DomainError('ERR_NO_FILE_LIST_FOUND', undefined, { fileListIds: missing });
}

/** The queues, users, integrations and file lists options send tickets to must be the company's. */
type OptionTargets = Pick<ChatbotOptionInput, 'optQueueId' | 'optUserId' | 'options'> & {
  optIntegrationId?: number | null;
  queueType?: string;
  optFileId?: number | null;
};
async function checkOptionTargets(ctx: ApiContext, companyId: number, nodes: readonly OptionTargets[]): Promise<void> {
  const queueIds = new Set<number>();
  const userIds = new Set<number>();
  const integrationIds: number[] = [];
  const fileListIds: number[] = [];
  const collect = (list: readonly OptionTargets[]) => {
    for (const node of list) {
      if (node.optQueueId !== null) queueIds.add(node.optQueueId);
      if (node.optUserId !== null) userIds.add(node.optUserId);
      if (typeof node.optIntegrationId === 'number') integrationIds.push(node.optIntegrationId);
      // Only a `file` option keeps its optFileId (the others' is cleared), so only its list is checked.
      if (node.queueType === 'file' && typeof node.optFileId === 'number') fileListIds.push(node.optFileId);
      collect(node.options ?? []);
    }
  };
  collect(nodes);
  await checkBotLinks(ctx, companyId, { integrationIds });
  await checkFileLists(ctx, companyId, fileListIds);
  const existing = new Set(await existingQueueIds(ctx.db, companyId, [...queueIds]));
  const missingQueues = [...queueIds].filter((id) => !existing.has(id));
  if (missingQueues.length > 0) throw new DomainError('ERR_NO_QUEUE_FOUND', undefined, { optQueueIds: missingQueues });
  for (const userId of userIds) {
    if (!(await findUser(ctx.db, userId, companyId))) throw new DomainError('ERR_NO_USER_FOUND', undefined, { optUserId: userId });
  }
}

/** What the queue use cases check against: the company's queues as the read model shows them. */
const queueLookup = (ctx: ApiContext): QueueLookup => ({
  queueCount: (companyId) => countQueues(ctx.db, companyId),
  queueColor: async (companyId, queueId) => (await findQueue(ctx.db, companyId, queueId))?.color ?? null,
});

/**
 * Queues and their chatbot options. Every user of the company reads them
 * (ticket filters, transfer); only admins change them (the queues screen is an administration screen).
 */
export async function queueRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/queue', { config: { contract: { query: ListQueuesQuery, response: z.array(QueueView), errors: ['ERR_NO_PERMISSION'] } } }, async (request) => {
    const query = request.query;
    return listQueues(ctx.db, companyScope(request.principal, query.companyId));
  });

  app.get('/queue/:id', { config: { contract: { params: IdParam, response: QueueWithOptions, errors: ['ERR_NO_QUEUE_FOUND'] } } }, async (request) => {
    const { id } = request.params;
    return companyQueue(ctx, request.principal.companyId, id);
  });

  app.post(
    '/queue',
    {
      config: {
        ...adminOnly.config,
        contract: {
          body: CreateQueueRequest,
          status: 201,
          response: QueueWithOptions,
          errors: [
            'ERR_NO_FILE_LIST_FOUND',
            'ERR_NO_QUEUE_FOUND',
            'ERR_NO_USER_FOUND',
            'ERR_NO_CHATBOT_FOUND',
            'ERR_QUEUE_COLOR_ALREADY_EXISTS',
            'ERR_WAPP_GREETING_REQUIRED',
            'ERR_NO_INTEGRATION_FOUND',
            'ERR_NO_PROMPT_FOUND',
          ],
        },
      },
    },
    async (request, reply) => {
      const { chatbots, companyId: _ignored, ...details } = request.body;
      const { principal } = request;
      const companyId = principal.companyId;
      const actor = userActor(principal.userId);
      await checkOptionTargets(ctx, companyId, chatbots);
      await checkBotLinks(ctx, companyId, { integrationIds: [details.integrationId], promptIds: [details.promptId] });
      await checkFileLists(ctx, companyId, [details.fileListId]);
      const queueId = await createQueue(ctx, { companyId, actor, details, chatbots, queues: queueLookup(ctx) });
      return reply.status(201).send(await companyQueue(ctx, companyId, queueId));
    },
  );

  app.put(
    '/queue/:id',
    {
      config: {
        ...adminOnly.config,
        contract: {
          params: IdParam,
          body: UpdateQueueRequest,
          response: QueueWithOptions,
          errors: [
            'ERR_NO_FILE_LIST_FOUND',
            'ERR_NO_QUEUE_FOUND',
            'ERR_NO_USER_FOUND',
            'ERR_NO_CHATBOT_FOUND',
            'ERR_QUEUE_COLOR_ALREADY_EXISTS',
            'ERR_WAPP_GREETING_REQUIRED',
            'ERR_NO_INTEGRATION_FOUND',
            'ERR_NO_PROMPT_FOUND',
          ],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { chatbots, companyId: _ignored, ...changes } = request.body;
      const { principal } = request;
      const companyId = principal.companyId;
      const actor = userActor(principal.userId);
      const current = await companyQueue(ctx, companyId, id);
      if (chatbots !== undefined) await checkOptionTargets(ctx, companyId, chatbots);
      await checkBotLinks(ctx, companyId, { integrationIds: [changes.integrationId], promptIds: [changes.promptId] });
      await checkFileLists(ctx, companyId, [changes.fileListId]);
      await changeQueue(ctx, { companyId, actor, queueId: id, currentColor: current.color, changes, chatbots, queues: queueLookup(ctx) });
      return companyQueue(ctx, companyId, id);
    },
  );

  app.delete(
    '/queue/:id',
    { config: { ...adminOnly.config, contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_QUEUE_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      const actor = userActor(principal.userId);
      const current = await companyQueue(ctx, principal.companyId, id);
      await deleteQueue(ctx, { companyId: principal.companyId, actor, queueId: id, color: current.color });
      return { message: 'Queue deleted' } satisfies DeletedAnswer;
    },
  );

  app.get(
    '/chatbot',
    { config: { contract: { query: ListChatbotsQuery, response: z.array(ChatbotOptionView), errors: ['ERR_NO_QUEUE_FOUND'] } } },
    async (request) => {
      const { queueId } = request.query;
      const companyId = request.principal.companyId;
      const queueIds = queueId !== undefined ? [(await companyQueue(ctx, companyId, queueId)).id] : (await listQueues(ctx.db, companyId)).map((q) => q.id);
      const trees = await optionTrees(ctx.db, companyId, queueIds);
      return queueIds.flatMap((id) => trees.get(id) ?? []);
    },
  );

  app.get('/chatbot/:id', { config: { contract: { params: IdParam, response: ChatbotOptionView, errors: ['ERR_NO_CHATBOT_FOUND'] } } }, async (request) => {
    const { id } = request.params;
    return companyOption(ctx, request.principal.companyId, id);
  });

  app.post(
    '/chatbot',
    {
      config: {
        ...adminOnly.config,
        contract: {
          body: CreateChatbotRequest,
          status: 201,
          response: ChatbotOptionView,
          errors: ['ERR_NO_QUEUE_FOUND', 'ERR_NO_CHATBOT_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NO_FILE_LIST_FOUND', 'ERR_NO_INTEGRATION_FOUND'],
        },
      },
    },
    async (request, reply) => {
      const { queueId: namedQueueId, parentId, options: nested, ...details } = request.body;
      const { principal } = request;
      const companyId = principal.companyId;
      const parent = parentId === null ? null : await companyOption(ctx, companyId, parentId);
      const queueId = parentOptionQueue(parent, namedQueueId) ?? (await companyQueue(ctx, companyId, namedQueueId!)).id;
      await checkOptionTargets(ctx, companyId, [{ ...details, options: nested }]);
      const optionId = await addChatbotOption(ctx, {
        companyId,
        actor: userActor(principal.userId),
        queueId,
        parentId: parent?.id ?? null,
        details,
        options: nested,
      });
      return reply.status(201).send(await companyOption(ctx, companyId, optionId));
    },
  );

  app.put(
    '/chatbot/:id',
    {
      config: {
        ...adminOnly.config,
        contract: {
          params: IdParam,
          body: UpdateChatbotRequest,
          response: ChatbotOptionView,
          errors: ['ERR_NO_QUEUE_FOUND', 'ERR_NO_CHATBOT_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NO_FILE_LIST_FOUND', 'ERR_NO_INTEGRATION_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { options: nested, ...changes } = request.body;
      const { principal } = request;
      const companyId = principal.companyId;
      const current = await companyOption(ctx, companyId, id);
      await checkOptionTargets(ctx, companyId, [
        {
          optQueueId: changes.optQueueId ?? null,
          optUserId: changes.optUserId ?? null,
          optIntegrationId: changes.optIntegrationId ?? null,
          queueType: changes.queueType ?? current.queueType,
          optFileId: changes.optFileId ?? null,
          options: nested ?? [],
        },
      ]);
      await changeChatbotOption(ctx, { companyId, actor: userActor(principal.userId), queueId: current.queueId, optionId: id, changes, options: nested });
      return companyOption(ctx, companyId, id);
    },
  );

  app.delete(
    '/chatbot/:id',
    { config: { ...adminOnly.config, contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_CHATBOT_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      const current = await companyOption(ctx, principal.companyId, id);
      await removeChatbotOption(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), queueId: current.queueId, optionId: id });
      return { message: 'Chatbot deleted' };
    },
  );
}
