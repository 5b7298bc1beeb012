import { DomainError, PushSettings, PushStatusView, PushSubscriptionBody, PushUnsubscribeBody } from '@conversa/contracts';
import { pushChoices, removeSubscription, saveSubscription, savePushChoices } from '@conversa/projections/push/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';

/**
 * Web Push (docs/push.md): the browser subscribes with the server's VAPID key and hands its subscription here; the
 * push reactor (services/automation/src/push/reactor.ts) sends to it. Every signed-in user, for herself only.
 */
export async function pushRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const status = async (request: FastifyRequest): Promise<PushStatusView> => {
    if (!ctx.push) throw new DomainError('ERR_NOT_FOUND');
    return { publicKey: ctx.push.publicKey, settings: await pushChoices(ctx.db, request.principal.userId) };
  };

  app.get('/push', { config: { contract: { summary: "The server's VAPID public key and the caller's push settings", response: PushStatusView } } }, status);

  app.put(
    '/push/subscription',
    { config: { contract: { summary: "Stores this browser's push subscription for the caller", body: PushSubscriptionBody, response: PushStatusView } } },
    async (request) => {
      const body = request.body;
      await saveSubscription(ctx.db, { userId: request.principal.userId, companyId: request.principal.companyId }, body, ctx.now());
      return status(request);
    },
  );

  app.delete(
    '/push/subscription',
    { config: { contract: { summary: "Forgets this browser's push subscription (the caller's own)", body: PushUnsubscribeBody, response: PushStatusView } } },
    async (request) => {
      const body = request.body;
      await removeSubscription(ctx.db, body.endpoint, request.principal.userId);
      return status(request);
    },
  );

  app.put(
    '/push/settings',
    { config: { contract: { summary: 'What the caller wants pushed', body: PushSettings, response: PushStatusView } } },
    async (request) => {
      await savePushChoices(ctx.db, request.principal.userId, request.body);
      return status(request);
    },
  );
}
