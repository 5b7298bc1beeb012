import { CreatePromptRequest, DomainError, RecordIdParam, UpdatePromptRequest, PromptPage, PromptView, DeletedAnswer } from '@conversa/contracts';
import { changePrompt, createPrompt, deletePrompt } from '@conversa/core';
import { findPrompt, listPrompts } from '@conversa/projections/prompts/queries';
import { findQueue } from '@conversa/projections/queues/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const IdParam = z.object({ id: RecordIdParam });
const read = { auth: { plan: 'useOpenAi' as const } };
const admin = { auth: { area: 'prompts' as const, plan: 'useOpenAi' as const } };
const errors = ['ERR_NO_PROMPT_FOUND'] as const;

async function companyPrompt(ctx: ApiContext, companyId: number, id: number): Promise<PromptView> {
  const found = await findPrompt(ctx.db, companyId, id);
  if (!found) throw new DomainError('ERR_NO_PROMPT_FOUND');
  return found;
}

/** The prompt's queue must be the company's: another company's queue id is refused as unknown. */
async function checkQueue(ctx: ApiContext, companyId: number, queueId: number | undefined): Promise<void> {
  if (queueId !== undefined && !(await findQueue(ctx.db, companyId, queueId))) throw new DomainError('ERR_NO_QUEUE_FOUND');
}

/** AI prompts (spec 3 §7), plan flag useOpenAi: users list them (pickers); admins change them. Keys are sealed and answered masked. */
export async function promptRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/prompt', { config: { ...read, contract: { summary: 'The company’s AI prompts (keys masked)', response: PromptPage } } }, async (request) => ({
    prompts: await listPrompts(ctx.db, request.principal.companyId),
  }));

  app.get(
    '/prompt/:id',
    { config: { ...read, contract: { summary: 'One AI prompt (keys masked)', params: IdParam, response: PromptView, errors } } },
    async (request) => {
      const { id } = request.params;
      return companyPrompt(ctx, request.principal.companyId, id);
    },
  );

  app.post(
    '/prompt',
    {
      config: {
        ...admin,
        contract: { summary: 'Creates an AI prompt', body: CreatePromptRequest, status: 201, response: PromptView, errors: ['ERR_NO_QUEUE_FOUND'] },
      },
    },
    async (request, reply) => {
      const details = request.body;
      const { principal } = request;
      await checkQueue(ctx, principal.companyId, details.queueId);
      const id = await createPrompt(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), details });
      return reply.status(201).send(await companyPrompt(ctx, principal.companyId, id));
    },
  );

  app.put(
    '/prompt/:id',
    {
      config: {
        ...admin,
        contract: {
          summary: 'Changes an AI prompt; a key left masked or empty is kept',
          params: IdParam,
          body: UpdatePromptRequest,
          response: PromptView,
          errors: [...errors, 'ERR_NO_QUEUE_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const { principal } = request;
      await companyPrompt(ctx, principal.companyId, id);
      await checkQueue(ctx, principal.companyId, changes.queueId);
      await changePrompt(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id, changes });
      return companyPrompt(ctx, principal.companyId, id);
    },
  );

  app.delete(
    '/prompt/:id',
    { config: { ...admin, contract: { summary: 'Deletes an AI prompt', params: IdParam, response: DeletedAnswer, errors } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await companyPrompt(ctx, principal.companyId, id);
      return deletePrompt(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
    },
  );
}
