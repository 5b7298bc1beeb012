import {
  CreateWebhookRequest,
  DomainError,
  ListWebhookDeliveriesQuery,
  UpdateWebhookRequest,
  WebhookDeliveryDetailView,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookIdParams,
  WebhookView,
  WebhookWithSecretView,
} from '@conversa/contracts';
import { changeWebhook, createWebhook, deleteWebhook, redeliverWebhook, resumeWebhook, rotateWebhookSecret } from '@conversa/core';
import { findWebhook, findWebhookDelivery, listWebhookDeliveries, listWebhooks } from '@conversa/projections/webhooks/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { actingAs, recordRoutes } from '../http/records';

const admin = { area: 'webhooks' } as const;

/**
 * Webhooks (docs/webhooks.md): a company's admins register endpoints; the deliverer posts the
 * events they chose. The secret is answered on creation and rotation only.
 */
export async function webhookRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const ownWebhook = recordRoutes(app, {
    path: '/webhooks',
    params: WebhookIdParams,
    view: WebhookView,
    notFound: 'ERR_NO_WEBHOOK_FOUND',
    find: (request, id) => findWebhook(ctx.db, request.principal.companyId, id),
    auth: admin,
    list: {
      summary: "The company's webhook endpoints",
      response: z.array(WebhookView),
      run: (_query, request) => listWebhooks(ctx.db, request.principal.companyId),
    },
    change: {
      summary: "Changes an endpoint's address, events, description or active flag",
      body: UpdateWebhookRequest,
      errors: ['ERR_WEBHOOK_URL_REFUSED'],
      run: ({ id, changes }, request) => changeWebhook(ctx, { ...actingAs(request), id, changes }),
    },
    delete: {
      summary: 'Deletes an endpoint; nothing more is delivered to it',
      async run({ id }, request) {
        await deleteWebhook(ctx, { ...actingAs(request), id });
        return { message: 'Webhook deleted' };
      },
    },
    actions: [
      {
        name: 'resume',
        summary: 'Resume now: unpauses the endpoint and tries the head of its queue at once; the rest follow in order',
        errors: ['ERR_WEBHOOK_INACTIVE'],
        run: ({ id }, request) => resumeWebhook(ctx, { ...actingAs(request), id }),
      },
    ],
  });

  app.post(
    '/webhooks',
    {
      config: {
        auth: admin,
        contract: {
          summary: 'Registers an endpoint; the answer carries its signing secret, shown this once',
          body: CreateWebhookRequest,
          response: WebhookWithSecretView,
          status: 201,
          errors: ['ERR_WEBHOOK_URL_REFUSED'],
        },
      },
    },
    async (request, reply) => {
      const { webhookId, secret } = await createWebhook(ctx, { ...actingAs(request), userId: request.principal.userId, ...request.body });
      return reply.status(201).send({ ...(await ownWebhook(request, webhookId)), secret });
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: {
        auth: admin,
        contract: {
          summary: 'Replaces the signing secret; the answer carries the new one, shown this once',
          params: WebhookIdParams,
          response: WebhookWithSecretView,
          errors: ['ERR_NO_WEBHOOK_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await ownWebhook(request, id);
      const secret = await rotateWebhookSecret(ctx, { ...actingAs(request), id });
      return { ...(await ownWebhook(request, id)), secret };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: {
        auth: admin,
        contract: {
          summary: "An endpoint's deliveries, newest first",
          params: WebhookIdParams,
          query: ListWebhookDeliveriesQuery,
          response: WebhookDeliveryPage,
          errors: ['ERR_NO_WEBHOOK_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { pageNumber } = request.query;
      await ownWebhook(request, id);
      return listWebhookDeliveries(ctx.db, request.principal.companyId, id, pageNumber);
    },
  );

  app.get(
    '/webhooks/:id/deliveries/:deliveryId',
    {
      config: {
        auth: admin,
        contract: {
          summary: 'One delivery with its body and the first KB of the last answer',
          params: WebhookDeliveryParams,
          response: WebhookDeliveryDetailView,
          errors: ['ERR_NO_WEBHOOK_DELIVERY_FOUND'],
        },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      const found = await findWebhookDelivery(ctx.db, request.principal.companyId, id, deliveryId);
      if (!found) throw new DomainError('ERR_NO_WEBHOOK_DELIVERY_FOUND');
      return found;
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: {
        auth: admin,
        contract: {
          summary: 'Sends a delivery again (same delivery id), from the deliverer',
          params: WebhookDeliveryParams,
          response: z.object({ message: z.string() }),
          status: 202,
          errors: ['ERR_NO_WEBHOOK_FOUND', 'ERR_NO_WEBHOOK_DELIVERY_FOUND'],
        },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      await ownWebhook(request, id);
      if (!(await findWebhookDelivery(ctx.db, request.principal.companyId, id, deliveryId))) throw new DomainError('ERR_NO_WEBHOOK_DELIVERY_FOUND');
      await redeliverWebhook(ctx, { ...actingAs(request), id, deliveryId });
      return reply.status(202).send({ message: 'Redelivery requested' });
    },
  );
}
