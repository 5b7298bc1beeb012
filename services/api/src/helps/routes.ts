import { CreateHelpRequest, DomainError, ListHelpsQuery, UpdateHelpRequest, RecordIdParam, HelpView } from '@conversa/contracts';
import { changeHelp, createHelp, deleteHelp } from '@conversa/core';
import { findHelp, listHelps } from '@conversa/projections/helps/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const IdParam = z.object({ id: RecordIdParam });

/**
 * Help entries. Platform-wide: every signed-in user reads them (the /helps videos grid),
 * only the super user writes them (the helps tab of settings). Their events are recorded under the
 * super user's company, as plans are.
 */
export async function helpRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/helps', { config: { contract: { query: ListHelpsQuery, response: z.array(HelpView) } } }, async (request) => listHelps(ctx.db, request.query));
  app.get('/helps/list', { config: { contract: { summary: 'Every help video', response: z.array(HelpView) } } }, async () => listHelps(ctx.db));

  app.post(
    '/helps',
    { config: { auth: { area: 'helps' }, contract: { body: CreateHelpRequest, status: 201, response: HelpView } } },
    async (request, reply) => {
      const details = request.body;
      const helpId = await createHelp(ctx, { companyId: request.principal.companyId, actor: userActor(request.principal.userId), details });
      return reply.status(201).send(await findHelp(ctx.db, helpId));
    },
  );

  app.put(
    '/helps/:id',
    { config: { auth: { area: 'helps' }, contract: { params: IdParam, body: UpdateHelpRequest, response: HelpView, errors: ['ERR_NOT_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      await changeHelp(ctx, { companyId: request.principal.companyId, actor: userActor(request.principal.userId), id, changes });
      const found = await findHelp(ctx.db, id);
      if (!found) throw new DomainError('ERR_NOT_FOUND', 'Help entry not found');
      return found;
    },
  );

  app.delete(
    '/helps/:id',
    { config: { auth: { area: 'helps' }, contract: { params: IdParam, status: 204, errors: ['ERR_NOT_FOUND'] } } },
    async (request, reply) => {
      const { id } = request.params;
      await deleteHelp(ctx, { companyId: request.principal.companyId, actor: userActor(request.principal.userId), id });
      return reply.status(204).send();
    },
  );
}
