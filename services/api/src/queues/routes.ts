import {
  CreateChatbotRequest,
  CreateQueueRequest,
  DomainError,
  ListChatbotsQuery,
  ListQueuesQuery,
  queueColorStream,
  queueStream,
  UpdateChatbotRequest,
  UpdateQueueRequest,
  type Actor,
  type ChatbotOptionInput,
  RecordIdParam,
  type ChatbotOptionView,
  type QueueWithOptions,
} from '@conversa/contracts';
import { queue, queueColor, type PlannedOption } from '@conversa/core';
import {
  countQueues,
  existingQueueIds,
  findChatbotOption,
  findQueue,
  listQueues,
  optionTrees,
} from '@conversa/projections/queues/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { parse } from '../http/errors';

const IdParam = z.object({ id: RecordIdParam });
const adminOnly = { config: { auth: { admin: true } } };

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

/** Gives every new option of a form's tree its id; options that name an id keep it (the decider checks they are the queue's). */
async function planOptions(ctx: ApiContext, nodes: readonly ChatbotOptionInput[]): Promise<PlannedOption[]> {
  const planned: PlannedOption[] = [];
  for (const { id, options, ...details } of nodes) {
    const optionId = id ?? (await ctx.ids.next('chatbot'));
    planned.push({ optionId, isNew: id === undefined, details, options: options === undefined ? undefined : await planOptions(ctx, options) });
  }
  return planned;
}

/**
 * The queues and users options send tickets to must be the company's. Integrations, file lists and prompts
 * have no read model yet, so their ids are recorded as given.
 */
async function checkOptionTargets(ctx: ApiContext, companyId: number, nodes: readonly Pick<ChatbotOptionInput, 'optQueueId' | 'optUserId' | 'options'>[]): Promise<void> {
  const queueIds = new Set<number>();
  const userIds = new Set<number>();
  const collect = (list: readonly Pick<ChatbotOptionInput, 'optQueueId' | 'optUserId' | 'options'>[]) => {
    for (const node of list) {
      if (node.optQueueId !== null) queueIds.add(node.optQueueId);
      if (node.optUserId !== null) userIds.add(node.optUserId);
      collect(node.options ?? []);
    }
  };
  collect(nodes);
  const existing = new Set(await existingQueueIds(ctx.db, companyId, [...queueIds]));
  const missingQueues = [...queueIds].filter((id) => !existing.has(id));
  if (missingQueues.length > 0) throw new DomainError('ERR_NO_QUEUE_FOUND', undefined, { optQueueIds: missingQueues });
  for (const userId of userIds) {
    if (!(await findUser(ctx.db, userId, companyId))) throw new DomainError('ERR_NO_USER_FOUND', undefined, { optUserId: userId });
  }
}

/**
 * Claims a colour for a queue of the company. A claim held by no live queue using that colour (a save that
 * stopped between its claim and its queue) is taken over once it is old; the guard decides, so racing saves still get one winner.
 */
async function claimColor(ctx: ApiContext, companyId: number, color: string, queueId: number, actor: Actor): Promise<void> {
  const claim = (takeOverFrom?: number) =>
    execute(ctx, { decider: queueColor, streamId: queueColorStream(companyId, color), command: { type: 'ClaimQueueColor', companyId, color, queueId, takeOverFrom }, companyId, actor });
  try {
    await claim();
  } catch (error) {
    const ownerId = error instanceof DomainError && error.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS' ? error.details?.ownerId : undefined;
    if (typeof ownerId !== 'number') throw error;
    const owner = await findQueue(ctx.db, companyId, ownerId);
    if (owner?.color === color) throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    try {
      await claim(ownerId);
    } catch (retryError) {
      if (retryError instanceof DomainError && retryError.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      throw retryError;
    }
  }
}

const releaseColor = (ctx: ApiContext, companyId: number, color: string, queueId: number, actor: Actor) =>
  execute(ctx, { decider: queueColor, streamId: queueColorStream(companyId, color), command: { type: 'ReleaseQueueColor', companyId, color, queueId }, companyId, actor });

/** Runs a queue command under a freshly claimed colour; if the command is refused, the colour is given back. */
async function withClaimedColor<T>(ctx: ApiContext, companyId: number, color: string, queueId: number, actor: Actor, run: () => Promise<T>): Promise<T> {
  await claimColor(ctx, companyId, color, queueId, actor);
  try {
    return await run();
  } catch (error) {
    await releaseColor(ctx, companyId, color, queueId, actor);
    throw error;
  }
}

/**
 * Queues and their chatbot options. Every user of the company reads them
 * (ticket filters, transfer); only admins change them (the queues screen is an administration screen).
 */
export async function queueRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/queue', async (request) => {
    const query = parse(ListQueuesQuery, request.query);
    return listQueues(ctx.db, companyScope(request.principal, query.companyId));
  });

  app.get('/queue/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    return companyQueue(ctx, request.principal.companyId, id);
  });

  app.post('/queue', adminOnly, async (request, reply) => {
    const { chatbots, companyId: _ignored, ...details } = parse(CreateQueueRequest, request.body);
    const { principal } = request;
    const companyId = principal.companyId;
    const actor = userActor(principal.userId);
    await checkOptionTargets(ctx, companyId, chatbots);
    const queueId = await ctx.ids.next('queue');
    const options = await planOptions(ctx, chatbots);
    await withClaimedColor(ctx, companyId, details.color, queueId, actor, async () =>
      execute(ctx, {
        decider: queue,
        streamId: queueStream(queueId),
        command: { type: 'CreateQueue', queueId, details, companyQueueCount: await countQueues(ctx.db, companyId), options },
        companyId,
        actor,
      }),
    );
    return reply.status(201).send(await companyQueue(ctx, companyId, queueId));
  });

  app.put('/queue/:id', adminOnly, async (request) => {
    const { id } = parse(IdParam, request.params);
    const { chatbots, companyId: _ignored, ...changes } = parse(UpdateQueueRequest, request.body);
    const { principal } = request;
    const companyId = principal.companyId;
    const actor = userActor(principal.userId);
    const current = await companyQueue(ctx, companyId, id);
    if (chatbots !== undefined) await checkOptionTargets(ctx, companyId, chatbots);
    const options = chatbots === undefined ? undefined : await planOptions(ctx, chatbots);
    const change = async () =>
      execute(ctx, {
        decider: queue,
        streamId: queueStream(id),
        command: { type: 'ChangeQueue', changes, companyQueueCount: await countQueues(ctx.db, companyId), options },
        companyId,
        actor,
      });
    if (changes.color !== undefined && changes.color !== current.color) {
      await withClaimedColor(ctx, companyId, changes.color, id, actor, change);
      await releaseColor(ctx, companyId, current.color, id, actor);
    } else await change();
    return companyQueue(ctx, companyId, id);
  });

  app.delete('/queue/:id', adminOnly, async (request) => {
    const { id } = parse(IdParam, request.params);
    const { principal } = request;
    const actor = userActor(principal.userId);
    const current = await companyQueue(ctx, principal.companyId, id);
    await execute(ctx, { decider: queue, streamId: queueStream(id), command: { type: 'DeleteQueue' }, companyId: principal.companyId, actor });
    await releaseColor(ctx, principal.companyId, current.color, id, actor);
    return { message: 'Queue deleted' };
  });

  app.get('/chatbot', async (request) => {
    const { queueId } = parse(ListChatbotsQuery, request.query);
    const companyId = request.principal.companyId;
    const queueIds = queueId !== undefined ? [(await companyQueue(ctx, companyId, queueId)).id] : (await listQueues(ctx.db, companyId)).map((q) => q.id);
    const trees = await optionTrees(ctx.db, companyId, queueIds);
    return queueIds.flatMap((id) => trees.get(id) ?? []);
  });

  app.get('/chatbot/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    return companyOption(ctx, request.principal.companyId, id);
  });

  app.post('/chatbot', adminOnly, async (request, reply) => {
    const { queueId: namedQueueId, parentId, options: nested, ...details } = parse(CreateChatbotRequest, request.body);
    const { principal } = request;
    const companyId = principal.companyId;
    const parent = parentId === null ? null : await companyOption(ctx, companyId, parentId);
    if (parent && namedQueueId !== null && namedQueueId !== parent.queueId) throw new DomainError('ERR_VALIDATION', 'queueId: a opção pai é de outra fila');
    const queueId = parent?.queueId ?? (await companyQueue(ctx, companyId, namedQueueId!)).id;
    await checkOptionTargets(ctx, companyId, [{ ...details, options: nested }]);
    const optionId = await ctx.ids.next('chatbot');
    const option: PlannedOption = { optionId, isNew: true, details, options: await planOptions(ctx, nested) };
    await execute(ctx, {
      decider: queue,
      streamId: queueStream(queueId),
      command: { type: 'AddChatbotOption', parentId: parent?.id ?? null, option },
      companyId,
      actor: userActor(principal.userId),
    });
    return reply.status(201).send(await companyOption(ctx, companyId, optionId));
  });

  app.put('/chatbot/:id', adminOnly, async (request) => {
    const { id } = parse(IdParam, request.params);
    const { options: nested, ...changes } = parse(UpdateChatbotRequest, request.body);
    const { principal } = request;
    const companyId = principal.companyId;
    const current = await companyOption(ctx, companyId, id);
    await checkOptionTargets(ctx, companyId, [{ optQueueId: changes.optQueueId ?? null, optUserId: changes.optUserId ?? null, options: nested ?? [] }]);
    await execute(ctx, {
      decider: queue,
      streamId: queueStream(current.queueId),
      command: { type: 'ChangeChatbotOption', optionId: id, changes, options: nested === undefined ? undefined : await planOptions(ctx, nested) },
      companyId,
      actor: userActor(principal.userId),
    });
    return companyOption(ctx, companyId, id);
  });

  app.delete('/chatbot/:id', adminOnly, async (request) => {
    const { id } = parse(IdParam, request.params);
    const { principal } = request;
    const current = await companyOption(ctx, principal.companyId, id);
    await execute(ctx, {
      decider: queue,
      streamId: queueStream(current.queueId),
      command: { type: 'RemoveChatbotOption', optionId: id },
      companyId: principal.companyId,
      actor: userActor(principal.userId),
    });
    return { message: 'Chatbot deleted' };
  });
}
