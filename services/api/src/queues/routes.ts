import {
  CreateChatbotRequest,
  CreateQueueRequest,
  DomainError,
  ListChatbotsQuery,
  ListQueuesQuery,
  UpdateChatbotRequest,
  UpdateQueueRequest,
  type ChatbotOptionInput,
  type ErrorCode,
  QueueView,
  QueueWithOptions,
  ChatbotOptionView,
  type DeletedAnswer,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { actingAs, recordRoutes } from '../http/records';
import { checkBotLinks } from '../queueIntegrations/links';

const admin = { area: 'queues' } as const;
/** What saving a queue may answer: its options' and its own targets, a colour taken, a greeting missing. */
const QUEUE_ERRORS: ErrorCode[] = [
  'ERR_NO_FILE_LIST_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_CHATBOT_FOUND',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_NO_INTEGRATION_FOUND',
  'ERR_NO_PROMPT_FOUND',
];
/** What saving a chatbot option may answer: its queue, its parent and its targets. */
const OPTION_ERRORS: ErrorCode[] = ['ERR_NO_QUEUE_FOUND', 'ERR_NO_CHATBOT_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NO_FILE_LIST_FOUND', 'ERR_NO_INTEGRATION_FOUND'];

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

  const companyQueue = recordRoutes(app, {
    path: '/queue',
    view: QueueWithOptions,
    notFound: 'ERR_NO_QUEUE_FOUND',
    find: (request, id) => findQueue(ctx.db, request.principal.companyId, id),
    auth: admin,
    readAuth: {},
    get: {},
    create: {
      body: CreateQueueRequest,
      errors: QUEUE_ERRORS,
      async run({ chatbots, companyId: _ignored, ...details }, request) {
        const { companyId } = request.principal;
        await checkOptionTargets(ctx, companyId, chatbots);
        await checkBotLinks(ctx, companyId, { integrationIds: [details.integrationId], promptIds: [details.promptId] });
        await checkFileLists(ctx, companyId, [details.fileListId]);
        return createQueue(ctx, { ...actingAs(request), details, chatbots, queues: queueLookup(ctx) });
      },
    },
    change: {
      body: UpdateQueueRequest,
      errors: QUEUE_ERRORS,
      async run({ id, changes: { chatbots, companyId: _ignored, ...changes }, current }, request) {
        const { companyId } = request.principal;
        if (chatbots !== undefined) await checkOptionTargets(ctx, companyId, chatbots);
        await checkBotLinks(ctx, companyId, { integrationIds: [changes.integrationId], promptIds: [changes.promptId] });
        await checkFileLists(ctx, companyId, [changes.fileListId]);
        await changeQueue(ctx, { ...actingAs(request), queueId: id, currentColor: current.color, changes, chatbots, queues: queueLookup(ctx) });
      },
    },
    delete: {
      async run({ id, current }, request) {
        await deleteQueue(ctx, { ...actingAs(request), queueId: id, color: current.color });
        return { message: 'Queue deleted' } satisfies DeletedAnswer;
      },
    },
  });

  app.get(
    '/chatbot',
    { config: { contract: { query: ListChatbotsQuery, response: z.array(ChatbotOptionView), errors: ['ERR_NO_QUEUE_FOUND'] } } },
    async (request) => {
      const { queueId } = request.query;
      const companyId = request.principal.companyId;
      const queueIds = queueId !== undefined ? [(await companyQueue(request, queueId)).id] : (await listQueues(ctx.db, companyId)).map((q) => q.id);
      const trees = await optionTrees(ctx.db, companyId, queueIds);
      return queueIds.flatMap((id) => trees.get(id) ?? []);
    },
  );

  const companyOption: (request: FastifyRequest, id: number) => Promise<ChatbotOptionView> = recordRoutes(app, {
    path: '/chatbot',
    view: ChatbotOptionView,
    notFound: 'ERR_NO_CHATBOT_FOUND',
    find: (request, id) => findChatbotOption(ctx.db, request.principal.companyId, id),
    auth: admin,
    readAuth: {},
    get: {},
    create: {
      body: CreateChatbotRequest,
      errors: OPTION_ERRORS,
      async run({ queueId: namedQueueId, parentId, options: nested, ...details }, request) {
        const { companyId } = request.principal;
        const parent = parentId === null ? null : await companyOption(request, parentId);
        const queueId = parentOptionQueue(parent, namedQueueId) ?? (await companyQueue(request, namedQueueId!)).id;
        await checkOptionTargets(ctx, companyId, [{ ...details, options: nested }]);
        return addChatbotOption(ctx, { ...actingAs(request), queueId, parentId: parent?.id ?? null, details, options: nested });
      },
    },
    change: {
      body: UpdateChatbotRequest,
      errors: OPTION_ERRORS,
      async run({ id, changes: { options: nested, ...changes }, current }, request) {
        await checkOptionTargets(ctx, request.principal.companyId, [
          {
            optQueueId: changes.optQueueId ?? null,
            optUserId: changes.optUserId ?? null,
            optIntegrationId: changes.optIntegrationId ?? null,
            queueType: changes.queueType ?? current.queueType,
            optFileId: changes.optFileId ?? null,
            options: nested ?? [],
          },
        ]);
        await changeChatbotOption(ctx, { ...actingAs(request), queueId: current.queueId, optionId: id, changes, options: nested });
      },
    },
    delete: {
      async run({ id, current }, request) {
        await removeChatbotOption(ctx, { ...actingAs(request), queueId: current.queueId, optionId: id });
        return { message: 'Chatbot deleted' };
      },
    },
  });
}
