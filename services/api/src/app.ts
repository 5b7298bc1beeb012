import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { HealthAnswer } from '@conversa/contracts';
import { withCorrelation } from '@conversa/core';
import { randomUUID } from 'node:crypto';
import type { ApiContext } from './context';
import { companyRoutes } from './companies/routes';
import { installAuth, type RouteAuth } from './http/auth';
import type { RouteContract } from './http/contract';
import { installErrorHandling } from './http/errors';
import { installSecurityHeaders } from './http/headers';
import { installContractParsing } from './http/input';
import { installNumberPrivacy } from './http/number-privacy';
import { mediaRoutes } from './media/routes';
import { messageRoutes } from './messages/routes';
import { planRoutes } from './plans/routes';
import { sessionRoutes } from './session/routes';
import { settingRoutes } from './settings/routes';
import { userRoutes } from './users/routes';
import { ticketRoutes } from './tickets/routes';
import { noteRoutes } from './notes/routes';
import { quickMessageRoutes } from './quickMessages/routes';
import { scheduleRoutes } from './schedules/routes';
import { contactRoutes } from './contacts/routes';
import { tagRoutes } from './tags/routes';
import { kanbanRoutes } from './tags/kanban-routes';
import { queueRoutes } from './queues/routes';
import { metaRoutes } from './meta/routes';
import { connectionRoutes } from './connections/routes';
import { sandboxRoutes } from './sandbox/routes';
import { helpRoutes } from './helps/routes';
import { onDutyRoutes } from './onDuty/routes';
import { dashboardRoutes } from './dashboard/routes';
import { assignmentRoutes } from './assignment/routes';
import { slaRoutes } from './sla/routes';
import { webhookRoutes } from './webhooks/routes';
import { docsRoutes } from './docs/routes';
import { installAnswerChecks } from './docs/validate';
import { queueIntegrationRoutes } from './queueIntegrations/routes';
import { promptRoutes } from './prompts/routes';
import { aiHelpRoutes } from './prompts/ai-routes';
import { contactListRoutes } from './contactLists/routes';
import { campaignRoutes } from './campaigns/routes';
import { fileListRoutes } from './files/routes';
import { invoiceRoutes } from './invoices/routes';
import { messagesApiRoutes } from './messagesApi/routes';
import { chatRoutes } from './chats/routes';
import { announcementRoutes } from './announcements/routes';
import { passwordResetRoutes } from './passwordReset/routes';
import { pushRoutes } from './push/routes';

/** Every route the process serves, for the tenancy walk and for operators. */
export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RouteAuth | undefined;
  contract: RouteContract | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
  }
}

export interface BuildApiOptions {
  logger?: FastifyServerOptions['logger'];
  /** Extra areas (websocket edge, static UI) registered by the process that serves them. */
  plugins?: Array<(app: FastifyInstance) => Promise<void>>;
  /** Answers a browser's page navigation (the UI) before any API route sees it; true when it did. */
  page?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  /** Proxies whose X-Forwarded-For gives the client's address (fastify's trustProxy). Default: none. */
  trustProxy?: boolean | number | string[];
  /** Check every answer against its route's contract, an undeclared one becoming a 500 (the API suites: docs/openapi.md). */
  checkAnswers?: boolean;
  /** Answers whether the process is ready (database, projections caught up). */
  health?: () => Promise<{ ok: boolean; [detail: string]: unknown }>;
}

/** A correlation id a caller gives: a plain token of 8 to 128 characters (anything else could forge log fields or headers). */
const givenCorrelationId = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' && /^[\w.:-]{8,128}$/.test(header) ? header : undefined;

/** What the API compresses: JSON (+json types too) and text, never an event stream. */
const COMPRESSIBLE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)|^text\/(?!event-stream)/;

/** Every HTTP route of the product, validated with contracts' schemas, on the given context. */
export async function buildApi(ctx: ApiContext, options: BuildApiOptions = {}): Promise<FastifyInstance> {
  // A hop count is valid at run time (proxy-addr) though fastify's types leave numbers out.
  const trustProxy = (options.trustProxy ?? false) as boolean | string[];
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy,
    // Each request's log lines name its id `correlationId`, the field its events carry.
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    // A caller's (or proxy's) X-Correlation-Id or X-Request-Id is kept when it is a plain token, so its logs and ours share it.
    genReqId: (request) => givenCorrelationId(request.headers['x-correlation-id']) ?? givenCorrelationId(request.headers['x-request-id']) ?? randomUUID(),
  });
  // The request id is the correlation id of every event the request appends (and of what reactors do with them,
  // the frames they cause, the log lines about them); the answer names it under both headers.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-correlation-id', request.id);
    void reply.header('x-request-id', request.id);
    withCorrelation(request.id, done);
  });
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Read when asked: onRoute hooks of inner scopes (the UI's files) set their config after this one ran.
      if (method !== 'HEAD') {
        routeTable.push({
          method,
          url: route.url,
          get auth() {
            return route.config?.auth;
          },
          get contract() {
            return route.config?.contract;
          },
        });
      }
    }
  });
  installErrorHandling(app);
  // Before compression, which would hand the check a stream instead of the JSON text.
  if (options.checkAnswers) installAnswerChecks(app);
  // Before the page hook, which answers UI pages from onRequest: they must carry the headers too.
  await installSecurityHeaders(app, { facebookLogin: Boolean(ctx.meta?.appId) });
  // JSON and text answers of 1 KiB or more go out compressed by the request's Accept-Encoding (brotli at quality 4,
  // else gzip): a 10 KiB tickets page becomes 1 KiB for about 70 µs of CPU (docs/ui-bundle.md "On the wire"). Files
  // already compressed (the UI's, media) are left alone; request bodies are not decompressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], customTypes: COMPRESSIBLE, globalDecompression: false });
  if (options.page) {
    const page = options.page;
    // Before authentication: a page is public, and the API route of the same path must not answer it.
    app.addHook('onRequest', async (request, reply) => {
      if (await page(request, reply)) return reply;
    });
  }
  await app.register(cookie);
  installAuth(app, { db: ctx.db, tokens: ctx.tokens, sessions: ctx.sessions, today: () => ctx.now().toISOString().slice(0, 10) });
  installNumberPrivacy(app);
  installContractParsing(app);

  app.get(
    '/health',
    {
      config: {
        auth: 'public',
        contract: { summary: 'Whether the process is ready (database, bus, read models): 200 ready, 503 not', response: HealthAnswer, alsoStatus: [503] },
      },
    },
    async (_request, reply) => {
      const health = options.health ? await options.health() : { ok: true };
      return reply.status(health.ok ? 200 : 503).send(health);
    },
  );

  const areas = [
    sessionRoutes,
    userRoutes,
    planRoutes,
    companyRoutes,
    settingRoutes,
    mediaRoutes,
    messageRoutes,
    ticketRoutes,
    noteRoutes,
    quickMessageRoutes,
    scheduleRoutes,
    contactRoutes,
    tagRoutes,
    kanbanRoutes,
    queueRoutes,
    connectionRoutes,
    sandboxRoutes,
    metaRoutes,
    helpRoutes,
    onDutyRoutes,
    dashboardRoutes,
    webhookRoutes,
    docsRoutes,
    queueIntegrationRoutes,
    promptRoutes,
    aiHelpRoutes,
    contactListRoutes,
    campaignRoutes,
    fileListRoutes,
    invoiceRoutes,
    messagesApiRoutes,
    chatRoutes,
    announcementRoutes,
    passwordResetRoutes,
    assignmentRoutes,
    slaRoutes,
    pushRoutes,
  ];
  for (const routes of areas) {
    await app.register(async (scope) => routes(scope, ctx));
  }
  for (const plugin of options.plugins ?? []) await plugin(app);
  return app;
}
