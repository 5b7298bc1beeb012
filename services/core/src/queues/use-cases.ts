import {
  DomainError,
  queueColorStream,
  queueStream,
  type Actor,
  type ChatbotOptionDetails,
  type ChatbotOptionInput,
  type QueueDetails,
} from '@conversa/contracts';
import { execute, type UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { queue, queueColor, type PlannedOption } from './queue';

/** What the queue use cases need of their process: commands waited into the read models, and ids for new queues and options. */
export interface QueueUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** The read models a queue change is checked against. */
export interface QueueLookup {
  /** How many live queues the company has (a greeting is required past one). */
  queueCount(companyId: number): Promise<number>;
  /** The colour of a live queue of the company; null when it has none by that id. */
  queueColor(companyId: number, queueId: number): Promise<string | null>;
}

type Meta = { companyId: number; actor: Actor };

/** Gives every new option of a form's tree its id; options that name an id keep it (the decider checks they are the queue's). */
async function planOptions(ctx: QueueUseCaseContext, nodes: readonly ChatbotOptionInput[]): Promise<PlannedOption[]> {
  const planned: PlannedOption[] = [];
  for (const { id, options, ...details } of nodes) {
    const optionId = id ?? (await ctx.ids.next('chatbot'));
    planned.push({ optionId, isNew: id === undefined, details, options: options === undefined ? undefined : await planOptions(ctx, options) });
  }
  return planned;
}

/**
 * Claims a colour for a queue of the company. A claim held by no live queue using that colour (a save that
 * stopped between its claim and its queue) is taken over once it is old; the guard decides, so racing saves still get one winner.
 */
async function claimColor(ctx: UseCaseContext, queues: QueueLookup, meta: Meta, color: string, queueId: number): Promise<void> {
  const { companyId, actor } = meta;
  const claim = (takeOverFrom?: number) =>
    execute(ctx, {
      decider: queueColor,
      streamId: queueColorStream(companyId, color),
      command: { type: 'ClaimQueueColor', companyId, color, queueId, takeOverFrom },
      companyId,
      actor,
    });
  try {
    await claim();
  } catch (error) {
    const ownerId = error instanceof DomainError && error.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS' ? error.details?.ownerId : undefined;
    if (typeof ownerId !== 'number') throw error;
    if ((await queues.queueColor(companyId, ownerId)) === color) throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    try {
      await claim(ownerId);
    } catch (retryError) {
      if (retryError instanceof DomainError && retryError.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      throw retryError;
    }
  }
}

const releaseColor = (ctx: UseCaseContext, { companyId, actor }: Meta, color: string, queueId: number) =>
  execute(ctx, {
    decider: queueColor,
    streamId: queueColorStream(companyId, color),
    command: { type: 'ReleaseQueueColor', companyId, color, queueId },
    companyId,
    actor,
  });

/** Runs a queue command under a freshly claimed colour; if the command is refused, the colour is given back. */
async function withClaimedColor<T>(ctx: UseCaseContext, queues: QueueLookup, meta: Meta, color: string, queueId: number, run: () => Promise<T>): Promise<T> {
  await claimColor(ctx, queues, meta, color, queueId);
  try {
    return await run();
  } catch (error) {
    await releaseColor(ctx, meta, color, queueId);
    throw error;
  }
}

/** A new queue with its chatbot tree, under its colour (one queue per colour in a company). Answers its id. */
export async function createQueue(
  ctx: QueueUseCaseContext,
  input: Meta & { details: QueueDetails; chatbots: readonly ChatbotOptionInput[]; queues: QueueLookup },
): Promise<number> {
  const { companyId, actor, details, chatbots, queues } = input;
  const queueId = await ctx.ids.next('queue');
  const options = await planOptions(ctx, chatbots);
  await withClaimedColor(ctx, queues, input, details.color, queueId, async () =>
    execute(ctx, {
      decider: queue,
      streamId: queueStream(queueId),
      command: { type: 'CreateQueue', queueId, details, companyQueueCount: await queues.queueCount(companyId), options },
      companyId,
      actor,
    }),
  );
  return queueId;
}

/** Changes a queue (and replaces its chatbot tree when one is given); a new colour is claimed first and the old one given back after. */
export async function changeQueue(
  ctx: QueueUseCaseContext,
  input: Meta & { queueId: number; currentColor: string; changes: Partial<QueueDetails>; chatbots?: readonly ChatbotOptionInput[]; queues: QueueLookup },
): Promise<void> {
  const { companyId, actor, queueId, currentColor, changes, chatbots, queues } = input;
  const options = chatbots === undefined ? undefined : await planOptions(ctx, chatbots);
  const change = async () =>
    execute(ctx, {
      decider: queue,
      streamId: queueStream(queueId),
      command: { type: 'ChangeQueue', changes, companyQueueCount: await queues.queueCount(companyId), options },
      companyId,
      actor,
    });
  if (changes.color !== undefined && changes.color !== currentColor) {
    await withClaimedColor(ctx, queues, input, changes.color, queueId, change);
    await releaseColor(ctx, input, currentColor, queueId);
  } else await change();
}

/** Deletes a queue and gives its colour back. */
export async function deleteQueue(ctx: UseCaseContext, input: Meta & { queueId: number; color: string }): Promise<void> {
  const { companyId, actor, queueId, color } = input;
  await execute(ctx, { decider: queue, streamId: queueStream(queueId), command: { type: 'DeleteQueue' }, companyId, actor });
  await releaseColor(ctx, input, color, queueId);
}

/** The queue a new chatbot option goes to: its parent's (a named queue must be that one); null when it has no parent, the named queue then. */
export function parentOptionQueue(parent: { queueId: number } | null, namedQueueId: number | null): number | null {
  if (parent && namedQueueId !== null && namedQueueId !== parent.queueId) throw new DomainError('ERR_VALIDATION', 'queueId: a opção pai é de outra fila');
  return parent?.queueId ?? null;
}

/** A new chatbot option (with its nested options) under a parent option or at the queue's top. Answers its id. */
export async function addChatbotOption(
  ctx: QueueUseCaseContext,
  input: Meta & { queueId: number; parentId: number | null; details: ChatbotOptionDetails; options: readonly ChatbotOptionInput[] },
): Promise<number> {
  const { companyId, actor, queueId, parentId, details } = input;
  const optionId = await ctx.ids.next('chatbot');
  const option: PlannedOption = { optionId, isNew: true, details, options: await planOptions(ctx, input.options) };
  await execute(ctx, { decider: queue, streamId: queueStream(queueId), command: { type: 'AddChatbotOption', parentId, option }, companyId, actor });
  return optionId;
}

/** Changes a chatbot option (and replaces its nested options when given). */
export async function changeChatbotOption(
  ctx: QueueUseCaseContext,
  input: Meta & { queueId: number; optionId: number; changes: Partial<ChatbotOptionDetails>; options?: readonly ChatbotOptionInput[] },
): Promise<void> {
  const { companyId, actor, queueId, optionId, changes } = input;
  const options = input.options === undefined ? undefined : await planOptions(ctx, input.options);
  await execute(ctx, {
    decider: queue,
    streamId: queueStream(queueId),
    command: { type: 'ChangeChatbotOption', optionId, changes, options },
    companyId,
    actor,
  });
}

/** Removes a chatbot option and every option under it. */
export async function removeChatbotOption(ctx: UseCaseContext, input: Meta & { queueId: number; optionId: number }): Promise<void> {
  const { companyId, actor, queueId, optionId } = input;
  await execute(ctx, { decider: queue, streamId: queueStream(queueId), command: { type: 'RemoveChatbotOption', optionId }, companyId, actor });
}
