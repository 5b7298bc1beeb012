import { CreatePromptRequest, DomainError, UpdatePromptRequest, PromptPage, PromptView } from '@conversa/contracts';
import { changePrompt, createPrompt, deletePrompt } from '@conversa/core';
import { findPrompt, listPrompts } from '@conversa/projections/prompts/queries';
import { findQueue } from '@conversa/projections/queues/queries';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { actingAs, recordRoutes } from '../http/records';

const read = { plan: 'useOpenAi' as const };
const admin = { area: 'prompts' as const, plan: 'useOpenAi' as const };

/** The prompt's queue must be the company's: another company's queue id is refused as unknown. */
async function checkQueue(ctx: ApiContext, companyId: number, queueId: number | undefined): Promise<void> {
  if (queueId !== undefined && !(await findQueue(ctx.db, companyId, queueId))) throw new DomainError('ERR_NO_QUEUE_FOUND');
}

/** AI prompts (spec 3 §7), plan flag useOpenAi: users list them (pickers); admins change them. Keys are sealed and answered masked. */
export async function promptRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  recordRoutes(app, {
    path: '/prompt',
    view: PromptView,
    notFound: 'ERR_NO_PROMPT_FOUND',
    find: (request, id) => findPrompt(ctx.db, request.principal.companyId, id),
    auth: admin,
    readAuth: read,
    list: {
      summary: 'The company’s AI prompts (keys masked)',
      response: PromptPage,
      run: async (_query, request) => ({ prompts: await listPrompts(ctx.db, request.principal.companyId) }),
    },
    get: { summary: 'One AI prompt (keys masked)' },
    create: {
      summary: 'Creates an AI prompt',
      body: CreatePromptRequest,
      errors: ['ERR_NO_QUEUE_FOUND'],
      async run(details, request) {
        await checkQueue(ctx, request.principal.companyId, details.queueId);
        return createPrompt(ctx, { ...actingAs(request), details });
      },
    },
    change: {
      summary: 'Changes an AI prompt; a key left masked or empty is kept',
      body: UpdatePromptRequest,
      errors: ['ERR_NO_QUEUE_FOUND'],
      async run({ id, changes }, request) {
        await checkQueue(ctx, request.principal.companyId, changes.queueId);
        await changePrompt(ctx, { ...actingAs(request), id, changes });
      },
    },
    delete: { summary: 'Deletes an AI prompt', run: ({ id }, request) => deletePrompt(ctx, { ...actingAs(request), id }) },
  });
}
