import { ConnectFacebookRequest, DomainError, safeText, ConnectionView } from '@conversa/contracts';
import { handleMetaWebhook, isValidWebhookSignature, MetaWebhookPayload, SIGNATURE_HEADER, type MetaSettings } from '@conversa/channels/meta/index';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';
import { cloudApiRoutes } from './cloud-api';
import { connectFacebook } from './facebook';

/** Meta sends deliveries of up to a thousand events; a few MB is ample and bounds what an unsigned sender can make us hash. */
const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

const VerifyQuery = z.object({
  'hub.mode': safeText().max(50),
  'hub.verify_token': safeText().max(500),
  'hub.challenge': safeText().max(500),
});

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

function settingsOf(ctx: ApiContext): MetaSettings {
  const settings = ctx.meta;
  if (!settings?.appSecret || !settings.verifyToken) throw new DomainError('ERR_META_NOT_CONFIGURED');
  return settings;
}

/**
 * Meta channels: the webhook Meta delivers Messenger, Instagram and WhatsApp Cloud API
 * events to (GET: the verify-token handshake; POST: signed deliveries), and POST /facebook, which
 * links the pages (and their Instagram accounts) a Facebook login gave access to.
 */
export async function metaRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(async (webhook) => {
    // The signature covers the bytes as sent: the body is kept raw and parsed only once verified.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    webhook.get(
      '/webhook',
      {
        config: {
          auth: 'public',
          contract: {
            summary: "Meta's webhook verification handshake: answers hub.challenge as text",
            query: VerifyQuery,
            produces: 'text/plain',
            errors: ['ERR_WEBHOOK_VERIFY_TOKEN', 'ERR_META_NOT_CONFIGURED'],
          },
        },
      },
      async (request, reply) => {
        const settings = settingsOf(ctx);
        const query = request.query;
        if (query['hub.mode'] !== 'subscribe' || !sameSecret(query['hub.verify_token'], settings.verifyToken))
          throw new DomainError('ERR_WEBHOOK_VERIFY_TOKEN');
        return reply.type('text/plain').send(query['hub.challenge']);
      },
    );

    webhook.post(
      '/webhook',
      {
        config: {
          auth: 'public',
          contract: {
            summary: "Meta's webhook deliveries (signed with X-Hub-Signature-256)",
            body: MetaWebhookPayload,
            response: z.object({ received: z.literal(true) }),
            errors: ['ERR_WEBHOOK_SIGNATURE_MISSING', 'ERR_INVALID_WEBHOOK_SIGNATURE', 'ERR_META_NOT_CONFIGURED'],
          },
        },
      },
      async (request) => {
        const settings = settingsOf(ctx);
        const signature = request.headers[SIGNATURE_HEADER];
        if (signature === undefined || signature === '') throw new DomainError('ERR_WEBHOOK_SIGNATURE_MISSING');
        // Kept raw by this scope's parser (the contract's parse skips a Buffer): parsed below once verified.
        const body: unknown = request.body;
        const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        if (!isValidWebhookSignature(raw, signature, settings.appSecret)) throw new DomainError('ERR_INVALID_WEBHOOK_SIGNATURE');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new DomainError('ERR_VALIDATION', 'The webhook body is not JSON');
        }
        const payload = parse(MetaWebhookPayload, json);
        const result = await handleMetaWebhook(ctx, settings, payload, request.log);
        if (result.unknownAccounts.length > 0)
          request.log.info({ accounts: result.unknownAccounts }, 'meta webhook: deliveries for accounts no connection holds');
        return { received: true };
      },
    );
  });

  app.post(
    '/facebook',
    {
      config: {
        auth: { area: 'connections' },
        contract: {
          summary: 'Link the pages (and their Instagram accounts) a Facebook login gave access to, as connections',
          body: ConnectFacebookRequest,
          response: z.array(ConnectionView),
          errors: [
            'ERR_META_NOT_CONFIGURED',
            'ERR_META_TOKEN_INVALID',
            'ERR_META_UNAVAILABLE',
            'ERR_PLAN_FEATURE_DISABLED',
            'ERR_PLAN_CONNECTION_LIMIT',
            'ERR_CHANNEL_ALREADY_CONNECTED',
          ],
        },
      },
    },
    async (request) => connectFacebook(ctx, request.principal, request.body, settingsOf(ctx)),
  );

  await cloudApiRoutes(app, ctx);
}
