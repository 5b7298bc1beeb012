import { buildApi } from '@conversa/api';
import { setConnectionVisible } from '@conversa/projections/push/store';
import { positionToString, RootAnswer } from '@conversa/contracts';
import { registerSocketEdge, type SocketConnectionRef, type SocketEdge, type SocketPrincipal } from '@conversa/edge';
import { findUser } from '@conversa/projections/users/queries';
import { frameLog, type ProjectionRuntime, type ProjectorStatus } from '@conversa/platform';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { registerMetrics } from './metrics';
import { socketNumberPrivacy, type SocketNumberPrivacy } from './number-privacy';
import { registerUiFiles, rootAnswer, sendIndex } from './ui-files';
import type { Wiring } from './wiring';

const SOCKET_PATH = '/socket';

/** API, websocket edge and the built UI on one port. */
export async function buildHttp(
  wiring: Wiring,
  options: { serveUi: boolean; edge: boolean; projections: boolean; logger?: FastifyServerOptions['logger']; checkAnswers?: boolean },
): Promise<{ app: FastifyInstance; edge: SocketEdge | null }> {
  const { ctx, config } = wiring;
  let edge: SocketEdge | null = null;
  const app = await buildApi(ctx, {
    logger: options.logger ?? false,
    checkAnswers: options.checkAnswers,
    trustProxy: config.trustProxy,
    health: async () => {
      const [statuses, reactors] = await Promise.all([inspect(wiring.runtime), inspect(wiring.reactors)]);
      const projections = statuses.map(({ name, state, position, parked }) => ({
        name,
        state,
        position: position === undefined || position === 'start' ? (position ?? null) : positionToString(position),
        parked,
      }));
      const projectionsReady = !options.projections || projections.every((p) => p.state === 'running');
      // Parked events leave a read model short of them, but the platform works: degraded, not unhealthy.
      const degraded = [...statuses, ...reactors].filter((status) => status.degraded).map((status) => status.name);
      return { ok: wiring.bus.status() === 'connected' && projectionsReady, bus: wiring.bus.status(), projections, degraded };
    },
    // UI pages and API reads share paths (/tickets is both the conversations screen and the list
    // call): a browser navigating (Accept: text/html) gets the app, API clients get JSON.
    page:
      options.serveUi && existsSync(join(config.uiDir, 'index.html'))
        ? async (request, reply) => {
            if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return false;
            const path = request.url.split('?')[0]!;
            if (
              path === SOCKET_PATH ||
              path === '/health' ||
              path === '/metrics' ||
              path.startsWith('/media/') ||
              path.startsWith('/api/docs') ||
              /\.[a-z0-9]+$/i.test(path)
            )
              return false;
            await sendIndex(request, reply, config.uiDir);
            return true;
          }
        : undefined,
    plugins: [
      async (app) => registerMetrics(app, wiring.metrics, config.metricsToken),
      async (app) => {
        if (!options.edge) return;
        // The socket authenticates its own access token (its first message): browsers cannot set headers on it.
        app.addHook('onRoute', (route) => {
          if (route.url === SOCKET_PATH) route.config = { ...route.config, auth: 'public' };
        });
        const privacy = await socketNumberPrivacy(wiring.bus, wiring.db);
        app.addHook('onClose', () => privacy.close());
        edge = await registerSocketEdge(app, {
          path: SOCKET_PATH,
          bus: wiring.bus,
          // Resumable frames: the projectors' outbox, from which a returning socket gets what it missed.
          frames: { source: frameLog(wiring.db, config.framesWindowMs), windowMs: config.framesWindowMs },
          // With NATS, only the companies this edge has sockets of (company.<id>.>); in process, one subscription.
          perCompany: wiring.config.natsUrl !== undefined,
          authenticate: async (token) => authenticateSocket(wiring, privacy, token),
          reauthorize: async (principal) => principalOf(wiring, privacy, principal, { fresh: true }),
          // LGPD hide-number: a plain user's frames carry contact numbers masked while the setting is on.
          redact: (connection, companyId) => privacy.redact(connection, companyId),
          // Online status (services/automation/src/presence/tracker.ts): pings, and each socket's open and close.
          onUserStatus: (principal, connection) => wiring.presence.ping(principal, { connectionId: connection.id, sessionId: principal.sessionId }),
          onConnected: (principal, connection) => wiring.presence.connected(connectionOf(principal, connection)),
          // Pushes wait for no visible tab (docs/push.md); after the socket's open is recorded, which may still be on its way.
          onVisibility: async (_principal, connection, visible) => {
            await wiring.presence.settled();
            await setConnectionVisible(wiring.db, connection.id, visible);
          },
          onDisconnected: (principal, connection, { serverClosing }) => wiring.presence.disconnected(connectionOf(principal, connection), { serverClosing }),
        });
        wiring.metrics.sources.edge = edge;
      },
      async (app) => {
        // A browser asking for / gets the app from the page hook above; anything else (curl) is told where the API is.
        const serveUi = options.serveUi && existsSync(join(config.uiDir, 'index.html'));
        app.get(
          '/',
          {
            config: { auth: 'public', contract: { summary: 'Where the API reference is, and whether this process serves the web app', response: RootAnswer } },
          },
          async () => rootAnswer(serveUi),
        );
      },
      async (app) => {
        if (!options.serveUi || !existsSync(join(config.uiDir, 'index.html'))) return;
        await app.register(async (ui) => {
          // The built UI is public: its files carry no data, and the login page must load before any token exists.
          ui.addHook('onRoute', (route) => {
            // The built UI is no part of the API reference.
            route.config = { ...route.config, auth: 'public', contract: { hidden: true } };
          });
          await registerUiFiles(ui, config.uiDir);
          // The SPA owns every other page a browser asks for; API clients keep the JSON 404.
          ui.get('/*', async (request, reply) => {
            const wantsPage = request.headers.accept?.includes('text/html') ?? false;
            if (!wantsPage) return reply.status(404).send({ error: 'ERR_ROUTE_NOT_FOUND', message: `No route GET ${request.url.split('?')[0]}` });
            return sendIndex(request, reply, config.uiDir);
          });
        });
      },
    ],
  });
  return { app, edge };
}

/** The parked counts come from the database; unreachable, the last ones seen do (the states tell the rest). */
const inspect = (runtime: ProjectionRuntime): Promise<ProjectorStatus[]> => runtime.inspect().catch(() => runtime.status());

const connectionOf = (principal: SocketPrincipal, connection: SocketConnectionRef) => ({
  connectionId: connection.id,
  userId: principal.userId,
  companyId: principal.companyId,
  sessionId: principal.sessionId,
});

async function authenticateSocket(wiring: Wiring, privacy: SocketNumberPrivacy, token: string): Promise<SocketPrincipal | null> {
  const claims = await wiring.ctx.tokens.verifyAccessToken(token);
  return claims && principalOf(wiring, privacy, claims, {});
}

/** Who a socket's session is now: null once the session is revoked or the user gone. */
async function principalOf(
  wiring: Wiring,
  privacy: SocketNumberPrivacy,
  claims: { userId: number; companyId: number; sessionId: string; expiresAt?: number },
  options: { fresh?: boolean },
): Promise<SocketPrincipal | null> {
  if (!(await wiring.ctx.sessions.isActive(claims.sessionId, options))) return null;
  const user = await findUser(wiring.db, claims.userId, claims.companyId);
  if (!user) return null;
  await privacy.load(user.companyId);
  return {
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    queueIds: user.queueIds,
    allTicket: user.allTicket,
    allowGroup: user.allowGroup,
    sessionId: claims.sessionId,
    expiresAt: claims.expiresAt,
  };
}
