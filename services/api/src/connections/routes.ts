import {
  ConnectionIdParams,
  CreateConnectionRequest,
  defaultConnectionDetails,
  DomainError,
  ListConnectionsQuery,
  UpdateConnectionRequest,
  type ConnectionDetails,
  safeText,
  ConnectionView,
  DeletedAnswer,
  SessionCommandAnswer,
  RestartedCount,
  ClosedCount,
} from '@conversa/contracts';
import {
  changeConnection,
  clearGreetingMedia,
  closeImported,
  createConnection,
  deleteConnection,
  restartSessions,
  runSession,
  setGreetingMedia,
  type ConnectionLookup,
} from '@conversa/core';
import { findCompany } from '@conversa/projections/companies/queries';
import { connectionsToRun, findConnection, listConnections } from '@conversa/projections/connections/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { existingQueueIds } from '@conversa/projections/queues/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope, type Principal } from '../http/auth';
import { parse } from '../http/errors';
import { checkBotLinks } from '../queueIntegrations/links';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 30 characters from upper-case letters and digits, from the system's secure random source. */
export function generateConnectionToken(): string {
  let token = '';
  for (let index = 0; index < 30; index++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

const isAdmin = (principal: Principal) => principal.profile === 'admin' || principal.super;

/** Session buttons (start, new QR, disconnect, restart, close imported): the role table's connectionSessions row. */
const sessionsAuth = { area: 'connectionSessions' } as const;

/** The QR code only when asked for (`session=0` leaves it out, as the spec's list calls do); the token only for administrators. */
function shown(view: ConnectionView, principal: Principal, session = true): ConnectionView {
  const { token, ...rest } = view;
  return { ...rest, ...(session ? {} : { qrcode: '' }), ...(isAdmin(principal) && token !== undefined ? { token } : {}) };
}

async function companyConnection(ctx: ApiContext, principal: Principal, id: number): Promise<ConnectionView> {
  const found = await findConnection(ctx.db, id, { companyId: principal.companyId, withToken: isAdmin(principal) });
  if (!found) throw new DomainError('ERR_NO_WAPP_FOUND');
  return found;
}

/** What the connection use cases check against: the company's queues and plan as the read models show them. */
const connectionLookup = (ctx: ApiContext): ConnectionLookup => ({
  existingQueueIds: (companyId, ids) => existingQueueIds(ctx.db, companyId, ids),
  plan: async (companyId) => {
    const company = await findCompany(ctx.db, companyId);
    return (company && (await findPlan(ctx.db, company.planId))) ?? null;
  },
});

export async function connectionRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, {
    // One byte over the store's limit reaches the store, which refuses it with ERR_MEDIA_TOO_LARGE.
    limits: { fileSize: ctx.media.maxBytes + 1, files: 1, fields: 10, parts: 12 },
  });

  app.get(
    '/whatsapp',
    { config: { contract: { query: ListConnectionsQuery, response: z.array(ConnectionView), errors: ['ERR_NO_PERMISSION'] } } },
    async (request) => {
      const query = request.query;
      const principal = request.principal;
      const companyId = companyScope(principal, query.companyId);
      const connections = await listConnections(ctx.db, companyId, { channel: query.channel, withToken: isAdmin(principal) });
      return connections.map((view) => shown(view, principal, query.session !== false));
    },
  );

  app.get(
    '/whatsapp/:id',
    {
      config: {
        contract: { params: ConnectionIdParams, query: ListConnectionsQuery.pick({ session: true }), response: ConnectionView, errors: ['ERR_NO_WAPP_FOUND'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { session } = request.query;
      return shown(await companyConnection(ctx, request.principal, id), request.principal, session !== false);
    },
  );

  app.post(
    '/whatsapp',
    {
      config: {
        auth: { area: 'connections' },
        contract: {
          body: CreateConnectionRequest,
          status: 201,
          response: ConnectionView,
          errors: [
            'ERR_PLAN_CONNECTION_LIMIT',
            'ERR_SANDBOX_CONNECTION_LIMIT',
            'ERR_PLAN_FEATURE_DISABLED',
            'ERR_CHANNEL_ALREADY_CONNECTED',
            'ERR_WAPP_GREETING_REQUIRED',
            'ERR_NO_QUEUE_FOUND',
            'ERR_NO_INTEGRATION_FOUND',
            'ERR_NO_PROMPT_FOUND',
          ],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const principal = request.principal;
      const companyId = principal.companyId;
      const actor = userActor(principal.userId);
      const { channel, isDefault, token, ...fields } = body;
      await checkBotLinks(ctx, companyId, { integrationIds: [fields.integrationId], promptIds: [fields.promptId] });
      const details: ConnectionDetails = {
        ...defaultConnectionDetails(),
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        name: body.name,
      };
      const connectionId = await createConnection(ctx, {
        companyId,
        actor,
        channel,
        makeDefault: isDefault === true,
        token: token ?? generateConnectionToken(),
        details,
        lookup: connectionLookup(ctx),
      });
      return reply.status(201).send(shown(await companyConnection(ctx, principal, connectionId), principal));
    },
  );

  app.put(
    '/whatsapp/:id',
    {
      config: {
        auth: { area: 'connections' },
        contract: {
          params: ConnectionIdParams,
          body: UpdateConnectionRequest,
          response: ConnectionView,
          errors: [
            'ERR_NO_WAPP_FOUND',
            'ERR_WAPP_GREETING_REQUIRED',
            'ERR_NO_OTHER_WHATSAPP',
            'ERR_NO_QUEUE_FOUND',
            'ERR_NO_INTEGRATION_FOUND',
            'ERR_NO_PROMPT_FOUND',
          ],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      const companyId = principal.companyId;
      const actor = userActor(principal.userId);
      await companyConnection(ctx, principal, id);
      const { isDefault, token, ...fields } = body;
      await checkBotLinks(ctx, companyId, { integrationIds: [fields.integrationId], promptIds: [fields.promptId] });
      const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<ConnectionDetails>;
      await changeConnection(ctx, { companyId, actor, connectionId: id, isDefault, token, changes, lookup: connectionLookup(ctx) });
      return shown(await companyConnection(ctx, principal, id), principal);
    },
  );

  app.delete(
    '/whatsapp/:id',
    { config: { auth: { area: 'connections' }, contract: { params: ConnectionIdParams, response: DeletedAnswer, errors: ['ERR_NO_WAPP_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const companyId = principal.companyId;
      const actor = userActor(principal.userId);
      const current = await companyConnection(ctx, principal, id);
      await deleteConnection(ctx, { companyId, actor, connectionId: id, greetingMedia: current.greetingMediaAttachment });
      return { message: 'Whatsapp deleted.' } satisfies DeletedAnswer;
    },
  );

  /** The file sent with the greeting: stored through the media store; the previous one goes. */
  app.post(
    '/whatsapp/:id/media-upload',
    {
      config: {
        auth: { area: 'connections' },
        contract: {
          multipart: true,
          summary: 'The file sent with the greeting: stored through the media store; the previous one goes.',
          params: ConnectionIdParams,
          response: ConnectionView,
          errors: ['ERR_NO_WAPP_FOUND', 'ERR_MEDIA_TOO_LARGE', 'ERR_MULTIPART_INVALID'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const companyId = principal.companyId;
      const current = await companyConnection(ctx, principal, id);
      const stored = await receiveOneFile(ctx, request);
      await setGreetingMedia(ctx, {
        companyId,
        actor: userActor(principal.userId),
        connectionId: id,
        url: stored.url,
        previous: current.greetingMediaAttachment,
      });
      return shown(await companyConnection(ctx, principal, id), principal);
    },
  );

  app.delete(
    '/whatsapp/:id/media-upload',
    { config: { auth: { area: 'connections' }, contract: { params: ConnectionIdParams, response: ConnectionView, errors: ['ERR_NO_WAPP_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const current = await companyConnection(ctx, principal, id);
      await clearGreetingMedia(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        connectionId: id,
        current: current.greetingMediaAttachment,
      });
      return shown(await companyConnection(ctx, principal, id), principal);
    },
  );

  const sessionCommand = (kind: 'start' | 'renew' | 'stop') => async (request: FastifyRequest<{ Params: z.output<typeof ConnectionIdParams> }>) => {
    const { id } = request.params;
    const principal = request.principal;
    await companyConnection(ctx, principal, id);
    await runSession(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), connectionId: id, kind });
    return { message: kind === 'stop' ? 'Session disconnected.' : 'Starting session.' };
  };
  // Start (try again), new QR (replace the pairing), disconnect.
  app.post(
    '/whatsappsession/:id',
    {
      config: {
        auth: sessionsAuth,
        contract: {
          summary: 'Start (try again), new QR (replace the pairing), disconnect.',
          params: ConnectionIdParams,
          response: SessionCommandAnswer,
          errors: ['ERR_NO_WAPP_FOUND'],
        },
      },
    },
    sessionCommand('start'),
  );
  app.put(
    '/whatsappsession/:id',
    {
      config: {
        auth: sessionsAuth,
        contract: {
          summary: "Starts, renews or stops the connection's session",
          params: ConnectionIdParams,
          response: SessionCommandAnswer,
          errors: ['ERR_NO_WAPP_FOUND'],
        },
      },
    },
    sessionCommand('renew'),
  );
  app.delete(
    '/whatsappsession/:id',
    {
      config: {
        auth: sessionsAuth,
        contract: {
          summary: "Starts, renews or stops the connection's session",
          params: ConnectionIdParams,
          response: SessionCommandAnswer,
          errors: ['ERR_NO_WAPP_FOUND'],
        },
      },
    },
    sessionCommand('stop'),
  );

  /** Restarts every session of the company that should be running. */
  app.post(
    '/whatsapp-restart/',
    { config: { auth: sessionsAuth, contract: { summary: 'Restarts every session of the company that should be running.', response: RestartedCount } } },
    async (request) => {
      const principal = request.principal;
      const connections = await listConnections(ctx.db, principal.companyId, { channel: 'whatsapp' });
      // Only sessions meant to run: a disconnected one stays down until someone starts it.
      const running = new Set((await connectionsToRun(ctx.db, { ids: connections.map((view) => view.id) })).map((target) => target.id));
      const ids = connections.filter((view) => running.has(view.id)).map((view) => view.id);
      const restarted = await restartSessions(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), connectionIds: ids });
      return { restarted } satisfies RestartedCount;
    },
  );

  /** Closes the tickets a finished import opened (the close-imported button). */
  app.post(
    '/closedimported/:id',
    {
      config: {
        auth: sessionsAuth,
        contract: {
          summary: 'Closes the tickets a finished import opened (the close-imported button).',
          params: ConnectionIdParams,
          multipart: true,
          response: ClosedCount,
          errors: ['ERR_NO_WAPP_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      await companyConnection(ctx, principal, id);
      const closed = await closeImported(ctx, {
        connectionId: id,
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        userId: principal.userId,
      });
      return { closed } satisfies ClosedCount;
    },
  );
}

const UploadFields = z.object({ typeArch: safeText().max(50).optional() }).strict();

/** The one file of a greeting-media upload, streamed into the media store. */
async function receiveOneFile(ctx: ApiContext, request: FastifyRequest) {
  if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: send a multipart form with one file');
  const companyId = request.principal.companyId;
  let stored: Awaited<ReturnType<ApiContext['media']['save']>> | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (stored) throw new DomainError('ERR_VALIDATION', 'file: only one file');
        stored = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    parse(UploadFields, fields);
    if (!stored) throw new DomainError('ERR_VALIDATION', 'file: no file');
    return stored;
  } catch (error) {
    if (stored) await ctx.media.remove(companyId, stored.url);
    throw error;
  }
}
