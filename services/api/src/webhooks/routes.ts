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
import { userActor, type ApiContext } from '../context';

const admin = { area: 'webhooks' } as const;

/**
 * Webhooks (docs/webhooks.md): a company's admins register endpoints; the deliverer posts the
 * events they chose. The secret is answered on creation and rotation only.
 */
export async function webhookRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const ownWebhook = async (companyId: number, id: number) => {
    const found = await findWebhook(ctx.db, companyId, id);
    if (!found) throw new DomainError('ERR_NO_WEBHOOK_FOUND');
    return found;
  };

  app.get('/webhooks', { config: { auth: admin, contract: { summary: "The company's webhook endpoints", response: z.array(WebhookView) } } }, async (request) =>
    listWebhooks(ctx.db, request.principal.companyId),
  );

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
      const body = request.body;
      const { principal } = request;
      const { webhookId, secret } = await createWebhook(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        userId: principal.userId,
        ...body,
      });
      return reply.status(201).send({ ...(await ownWebhook(principal.companyId, webhookId)), secret });
    },
  );

  app.put(
    '/webhooks/:id',
    {
      config: {
        auth: admin,
        contract: {
          summary: "Changes an endpoint's address, events, description or active flag",
          params: WebhookIdParams,
          body: UpdateWebhookRequest,
          response: WebhookView,
          errors: ['ERR_NO_WEBHOOK_FOUND', 'ERR_WEBHOOK_URL_REFUSED'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const { principal } = request;
      await ownWebhook(principal.companyId, id);
      await changeWebhook(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id, changes });
      return ownWebhook(principal.companyId, id);
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: {
        auth: admin,
        contract: {
          summary: 'Deletes an endpoint; nothing more is delivered to it',
          params: WebhookIdParams,
          response: z.object({ message: z.string() }),
          errors: ['ERR_NO_WEBHOOK_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await ownWebhook(principal.companyId, id);
      await deleteWebhook(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
      return { message: 'Webhook deleted' };
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
      const { principal } = request;
      await ownWebhook(principal.companyId, id);
      const secret = await rotateWebhookSecret(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
      return { ...(await ownWebhook(principal.companyId, id)), secret };
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
      await ownWebhook(request.principal.companyId, id);
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
      const { principal } = request;
      await ownWebhook(principal.companyId, id);
      if (!(await findWebhookDelivery(ctx.db, principal.companyId, id, deliveryId))) throw new DomainError('ERR_NO_WEBHOOK_DELIVERY_FOUND');
      await redeliverWebhook(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id, deliveryId });
      return reply.status(202).send({ message: 'Redelivery requested' });
    },
  );

  app.post(
    '/webhooks/:id/resume',
    {
      config: {
        auth: admin,
        contract: {
          summary: 'Resume now: unpauses the endpoint and tries the head of its queue at once; the rest follow in order',
          params: WebhookIdParams,
          response: WebhookView,
          errors: ['ERR_NO_WEBHOOK_FOUND', 'ERR_WEBHOOK_INACTIVE'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await ownWebhook(principal.companyId, id);
      await resumeWebhook(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
      return ownWebhook(principal.companyId, id);
    },
  );
}
