import multipart from '@fastify/multipart';
import {
  DomainError,
  IDEMPOTENCY_KEY_MAX,
  isStorableText,
  MESSAGES_API_RATE,
  SendApiMediaFields,
  SendApiMessageRequest,
  SendApiMessageResponse,
  ticketChannelOf,
  type StoredMedia,
  SendApiMediaForm,
  IdempotencyHeaders,
} from '@conversa/contracts';
import { sendThroughApi } from '@conversa/core';
import { findCompany } from '@conversa/projections/companies/queries';
import { connectionByToken } from '@conversa/projections/connections/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { findQueue } from '@conversa/projections/queues/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';
import { createApiRateLimiter } from './limiter';

/** How long what a token opens is believed without reading it again (a deleted connection or changed plan takes effect within it). */
const ACCESS_CACHE_MS = 2_000;
const ACCESS_CACHE_SIZE = 10_000;
type Access = { connection: NonNullable<Awaited<ReturnType<typeof connectionByToken>>>; dueDate: string; useExternalApi: boolean };

/** Files one request may carry. */
const MAX_FILES = 10;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** The token of `Authorization: Bearer <token>` (scheme in any case, any spacing), or null: one token however it is spelled. */
export function bearerToken(header: string | undefined): string | null {
  const token = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1];
  return token && token.length <= 100 && isStorableText(token) ? token : null;
}

/** MESSAGES_API_RATE_LIMIT requests per connection per MESSAGES_API_RATE_WINDOW_MS (default 60 a minute). */
const rateFromEnv = () => ({
  limit: Number(process.env.MESSAGES_API_RATE_LIMIT) || MESSAGES_API_RATE.limit,
  windowMs: Number(process.env.MESSAGES_API_RATE_WINDOW_MS) || MESSAGES_API_RATE.windowMs,
});

/**
 * The external messages API (plan flag useExternalApi): another system sends through a connection,
 * authenticated by that connection's token as Bearer (not a user's session). The token names the
 * connection and so the company; ids in the body must be that company's.
 */
export async function messagesApiRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: MAX_FILES, fields: 20, fieldSize: 70_000, parts: 40 } });
  const limiter = createApiRateLimiter(ctx.limits, rateFromEnv());

  // What a token opens, read from three read models, kept a moment: a sending system calls in bursts.
  const known = new Map<string, { at: number; found: Promise<Access | null> }>();
  const lookUp = async (token: string): Promise<Access | null> => {
    const connection = await connectionByToken(ctx.db, token);
    const company = connection && (await findCompany(ctx.db, connection.companyId));
    if (!connection || !company) return null;
    return {
      connection,
      dueDate: company.id === 1 ? '2999-12-31' : company.dueDate,
      useExternalApi: Boolean((await findPlan(ctx.db, company.planId))?.useExternalApi),
    };
  };

  // Addresses this process saw run out of the strangers' budget, and until when: refused without a token lookup.
  const spentAddresses = new Map<string, number>();

  /** Refuses with 429 and Retry-After when `wait` seconds remain. */
  const refuseAfter = (reply: FastifyReply, wait: number) => {
    if (wait <= 0) return;
    reply.header('Retry-After', String(wait));
    throw new DomainError('ERR_TOO_MANY_REQUESTS');
  };

  /**
   * The connection the Bearer token opens, after its budget (the connection's; a bad token spends the
   * client address's) and the company's subscription and plan are checked.
   */
  async function authorise(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    const now = Date.now();
    const spentUntil = spentAddresses.get(request.ip);
    if (spentUntil !== undefined && spentUntil > now) refuseAfter(reply, Math.ceil((spentUntil - now) / 1000));
    let entry = token === null ? undefined : known.get(token);
    if (token !== null && (!entry || now - entry.at > ACCESS_CACHE_MS)) {
      if (known.size >= ACCESS_CACHE_SIZE) known.delete(known.keys().next().value!);
      entry = { at: now, found: lookUp(token) };
      known.set(token, entry);
      entry.found.catch(() => known.delete(token));
    }
    const access = entry ? await entry.found : null;
    if (!access) {
      const wait = await limiter.stranger(request.ip);
      if (wait > 0) {
        if (spentAddresses.size >= ACCESS_CACHE_SIZE) spentAddresses.delete(spentAddresses.keys().next().value!);
        spentAddresses.set(request.ip, now + wait * 1000);
      }
      refuseAfter(reply, wait);
      throw new DomainError('ERR_API_TOKEN_INVALID');
    }
    refuseAfter(reply, await limiter.connection(access.connection.id));
    if (access.dueDate < ctx.now().toISOString().slice(0, 10)) throw new DomainError('ERR_SUBSCRIPTION_EXPIRED');
    if (!access.useExternalApi) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
    return { connection: access.connection };
  }

  app.post(
    '/api/messages/send',
    {
      config: {
        auth: 'public',
        contract: {
          summary: 'Sends a message through the connection whose token is the Bearer (JSON, or multipart with `medias`); Idempotency-Key sends once',
          body: SendApiMessageRequest,
          multipart: SendApiMediaForm,
          headers: IdempotencyHeaders,
          security: 'connectionToken',
          response: SendApiMessageResponse,
          errors: [
            'ERR_API_TOKEN_INVALID',
            'ERR_PLAN_FEATURE_DISABLED',
            'ERR_SUBSCRIPTION_EXPIRED',
            'ERR_NO_PERMISSION',
            'ERR_TOO_MANY_REQUESTS',
            'ERR_IDEMPOTENCY_KEY_REUSED',
            'ERR_INVALID_PHONE_NUMBER',
          ],
        },
      },
    },
    async (request, reply) => {
      // Counted before anything else is checked: a connection's budget, or a bad token's address's.
      const { connection } = await authorise(request, reply);
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !isStorableText(key))) {
        throw new DomainError('ERR_VALIDATION', `Idempotency-Key: 1 to ${IDEMPOTENCY_KEY_MAX} characters`);
      }
      const companyId = connection.companyId;
      const stored: StoredMedia[] = [];
      try {
        let fields: ReturnType<typeof SendApiMediaFields.parse>;
        const digests: string[] = [];
        if (request.isMultipart()) {
          const raw: Record<string, string> = {};
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'medias' && part.fieldname !== 'medias[]')
                throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
              const media = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
              stored.push(media);
              digests.push(`${media.name}:${media.size}:${media.mime}`);
            } else raw[part.fieldname] = String(part.value);
          }
          fields = parse(SendApiMediaFields, raw);
          if (stored.length === 0) throw new DomainError('ERR_VALIDATION', 'medias: a file is required for a media message');
        } else {
          fields = parse(SendApiMessageRequest, request.body);
        }
        const user = fields.userId === undefined ? null : await findUser(ctx.db, fields.userId, companyId);
        if (fields.userId !== undefined && !user) throw new DomainError('ERR_NO_PERMISSION', 'userId: not a user of this connection’s company');
        if (fields.queueId !== undefined && !(await findQueue(ctx.db, companyId, fields.queueId)))
          throw new DomainError('ERR_NO_PERMISSION', 'queueId: not a queue of this connection’s company');
        const body = fields.body ?? '';
        const result = await sendThroughApi(ctx, {
          companyId,
          connection: { id: connection.id, channel: ticketChannelOf(connection.channel) },
          number: fields.number,
          outgoing: stored.length > 0 ? stored.map((media) => ({ body, media })) : [{ body }],
          user: user && { id: user.id, name: user.name },
          queueId: fields.queueId ?? null,
          sendSignature: fields.sendSignature ?? false,
          idempotency:
            typeof key === 'string'
              ? { keyHash: sha(`${connection.id}:${key}`).slice(0, 40), requestHash: sha(JSON.stringify([fields, digests])).slice(0, 40) }
              : undefined,
        });
        // A replay stored nothing new: the files of this retry are not needed.
        if (result.replayed) {
          await Promise.all(stored.map((media) => ctx.media.remove(companyId, media.url)));
          reply.header('Idempotent-Replayed', 'true');
        }
        return {
          mensagem: 'Mensagem enviada',
          contactId: result.contactId,
          ticketId: result.ticketId,
          messageIds: result.messageIds,
        } satisfies SendApiMessageResponse;
      } catch (error) {
        await Promise.all(stored.map((media) => ctx.media.remove(companyId, media.url)));
        throw error;
      }
    },
  );
}
