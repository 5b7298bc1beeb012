import type { BusMessage, BusSubscription } from '@conversa/bus';
import { SOCKET_PING_MS } from '@conversa/contracts/session/api';
import { type EdgeFrame, SOCKET_AUTHENTICATED_FRAME } from '@conversa/contracts/session/socket';
import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import { USER_ACCESS_ENTITY } from '@conversa/contracts/session/access';
import type { FastifyInstance } from 'fastify';
import { createAccessControl } from './access';
import { Client, closeCodes, closeSocket } from './client';
import { CompanySubscriptions } from './company-subscriptions';
import { createDelivery } from './delivery';
import { adminFilter, announcementFilter, appMessageFilter, authFilter, presenceFilter, quickMessageFilter, ticketFilter } from './filters';
import { type ClientMessage, parseClientMessage, parseCompanySubject } from './protocol';
import { FrameSequencer } from './sequencer';
import type { EdgeOptions, FrameFilters, RelayFilter, SocketConnectionRef, SocketEdge, SocketPrincipal } from './edge-types';

export type * from './edge-types';

const defaultMaxBufferedBytes = 4 * 1024 * 1024;
const defaultAuthTimeoutMs = 5_000;
// A browser's own limit on a client message is far below this; anything larger is abuse.
const maxClientPayloadBytes = 16 * 1024;
// Messages a client may send before its token is verified; they are replayed in order afterwards.
const maxMessagesBeforeAuth = 32;
const authenticatedFrame = Buffer.from(JSON.stringify(SOCKET_AUTHENTICATED_FRAME));

type RawMessage = Parameters<typeof parseClientMessage>[0];

/**
 * The websocket edge: one bus subscription for the whole process, an index companyId → sockets,
 * and per-socket rooms that the entity filters consult. Frames are serialised once per bus message
 * and the same Buffer is written to every socket that may see it.
 */
export async function registerSocketEdge(app: FastifyInstance, options: EdgeOptions): Promise<SocketEdge> {
  const path = options.path ?? '/socket';
  const pingIntervalMs = options.pingIntervalMs ?? SOCKET_PING_MS;
  const maxBufferedBytes = options.maxBufferedBytes ?? defaultMaxBufferedBytes;
  const authTimeoutMs = options.authTimeoutMs ?? defaultAuthTimeoutMs;
  // A Map, not the options object: an entity named like an Object.prototype member must not find a "filter".
  const byEntity: FrameFilters = {
    auth: authFilter,
    ticket: ticketFilter,
    appMessage: appMessageFilter,
    quickmessage: quickMessageFilter,
    presence: presenceFilter,
    webhook: adminFilter,
    invoice: adminFilter,
    payment: adminFilter,
    announcement: announcementFilter,
    ...options.filters,
  };
  // Each filter gets the bodies of its own entity only (see RelayFilter).
  const filters = new Map(Object.entries(byEntity) as [string, RelayFilter][]);
  const log = app.log.child({ module: 'socket-edge' });

  const byCompany = new Map<number, Set<Client>>();
  // Every open socket, authenticated or not, so close() can reach those still waiting on their token.
  const sockets = new Set<WebSocket>();
  let connectionCount = 0;
  const counters = { framesSent: 0, malformedMessages: 0, terminatedMissedPong: 0, terminatedSlowConsumer: 0, resumed: 0, refetchesAsked: 0 };
  const sequencer = options.frames
    ? new FrameSequencer({
        ...options.frames,
        deliver: (companyId, frame) => delivery.broadcast(companyId, frame, frame.seq),
        onError: (error, companyId) => log.error({ err: error, companyId }, 'socket frames: could not read the outbox'),
      })
    : undefined;
  let closed = false;
  let closing: Promise<void> | undefined;
  let subscription: BusSubscription | undefined;
  // Access announcements heard so far: one heard while a socket's token was being checked may concern it.
  let accessChanges = 0;

  const add = (client: Client) => {
    const clients = byCompany.get(client.principal.companyId) ?? new Set<Client>();
    byCompany.set(client.principal.companyId, clients.add(client));
    connectionCount++;
  };

  const drop = (client: Client) => {
    const clients = byCompany.get(client.principal.companyId);
    if (!clients?.delete(client)) return;
    companies?.close(client.principal.companyId);
    connectionCount--;
    if (clients.size === 0) byCompany.delete(client.principal.companyId);
    sequencer?.forget(client.principal.companyId);
  };

  const access = createAccessControl({
    authenticate: (token) => options.authenticate(token),
    reauthorize: options.reauthorize && ((principal) => options.reauthorize!(principal)),
    revoke(client, reason, code = closeCodes.unauthorized) {
      // Out of the index first: not one more frame, whether or not the browser answers the close;
      // and nothing it still sends (a userStatus would show the user online again) is handled.
      client.revoked = true;
      drop(client);
      access.release(client);
      if (client.socket.readyState === client.socket.OPEN) client.socket.close(code, reason);
    },
    log,
  });

  const terminate = (client: Client) => (drop(client), client.socket.terminate());

  const delivery = createDelivery({ byCompany, filters, redact: options.redact, log, counters, maxBufferedBytes, terminate, sequencer });
  const { send, broadcast, resume } = delivery;

  const fanOut = (message: BusMessage) => {
    const target = parseCompanySubject(message.subject);
    if (!target) return;
    // For the edges, not the browsers: never relayed as a frame.
    if (target.entity === USER_ACCESS_ENTITY) {
      accessChanges++;
      const clients = byCompany.get(target.companyId);
      if (clients) access.announce(clients, message.data);
      return;
    }
    // A projector's frame goes out in its company's sequence order, once (sequencer.ts).
    const frame = { entity: target.entity, data: message.data, ...(message.correlationId === undefined ? {} : { correlationId: message.correlationId }) };
    if (message.seq !== undefined && sequencer) sequencer.accept(target.companyId, { seq: message.seq, ...frame });
    else broadcast(target.companyId, frame, message.seq);
  };

  const handleMessage = (client: Client, raw: RawMessage, isBinary: boolean) => {
    if (client.revoked) return;
    const message = parseClientMessage(raw, isBinary);
    if (!message) {
      counters.malformedMessages++;
      log.debug({ userId: client.principal.userId }, 'malformed websocket client message ignored');
      return;
    }
    apply(client, message);
  };

  const apply = (client: Client, message: ClientMessage) => {
    switch (message.event) {
      case 'authenticate':
        void access.reauthenticate(client, message.data);
        return;
      case 'userStatus':
        notify('userStatus', client, (principal, connection) => options.onUserStatus?.(principal, connection));
        return;
      case 'visibility':
        notify('visibility', client, (principal, connection) => options.onVisibility?.(principal, connection, message.data === 'visible'));
        return;
      default:
        client.moveRooms(message);
    }
  };

  /** Runs a lifecycle hook without waiting for it; its failure is logged, never thrown at the socket. */
  const notify = (hook: string, client: Client, handler: (principal: SocketPrincipal, connection: SocketConnectionRef) => void | Promise<void> | undefined) => {
    const fail = (error: unknown) => log.error({ err: error, userId: client.principal.userId }, `${hook} handler failed`);
    try {
      const result = handler(client.principal, { id: client.id });
      if (result) result.then(undefined, fail);
    } catch (error) {
      fail(error);
    }
  };

  // Registered before the plugin so it runs before the plugin's own preClose, which would close
  // our sockets without a code; browsers must see 1001 and reconnect to another edge.
  app.addHook('preClose', () => close());
  if (!app.hasPlugin('@fastify/websocket')) {
    await app.register(fastifyWebsocket, { options: { maxPayload: maxClientPayloadBytes, perMessageDeflate: false } });
  }

  const companies = options.perCompany
    ? new CompanySubscriptions(options.bus, fanOut, (err, companyId) => log.error({ err, companyId }, 'company frames subscription failed'))
    : undefined;
  subscription = companies ? undefined : await options.bus.subscribe('company.*.>', fanOut);

  app.get(path, { websocket: true }, (socket) => {
    if (closed) {
      socket.close(closeCodes.goingAway, 'server shutting down');
      return;
    }
    sockets.add(socket);
    let client: Client | undefined;
    // undefined until the first message: then the messages that follow it while its token is checked.
    let early: Array<[RawMessage, boolean]> | undefined;
    // The token travels in the first message, never in the URL, which request logs and proxies keep.
    const authTimer = setTimeout(() => unauthorized(), authTimeoutMs);
    const unauthorized = () => {
      if (socket.readyState === socket.OPEN) socket.close(closeCodes.unauthorized, 'unauthorized');
    };

    socket.on('message', (raw, isBinary) => {
      if (client) handleMessage(client, raw, isBinary);
      else if (early === undefined) authenticateWith(raw, isBinary);
      else if (early.length < maxMessagesBeforeAuth) early.push([raw, isBinary]);
      else counters.malformedMessages++;
    });
    socket.on('pong', () => {
      if (client) client.awaitingPong = false;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      sockets.delete(socket);
      early = undefined;
      if (!client) return;
      drop(client);
      access.release(client);
      const serverClosing = closed;
      notify('disconnected', client, (principal, connection) => options.onDisconnected?.(principal, connection, { serverClosing }));
    });

    // Only the token says who and which company; `companyId`/`userId` query parameters the
    // browser also sends are never trusted.
    const authenticateWith = (raw: RawMessage, isBinary: boolean) => {
      early = [];
      // The client's time is up once it has spoken; a slow token check is ours, not its.
      clearTimeout(authTimer);
      const message = parseClientMessage(raw, isBinary);
      if (message?.event !== 'authenticate') {
        counters.malformedMessages++;
        unauthorized();
        return;
      }
      const changesBefore = accessChanges;
      options.authenticate(message.data).then(
        (principal) => {
          if (socket.readyState !== socket.OPEN) return;
          if (!principal) return unauthorized();
          if (closed) {
            socket.close(closeCodes.goingAway, 'server shutting down');
            return;
          }
          void welcome(principal, changesBefore, message.resume).catch((error: unknown) => {
            log.error({ err: error }, 'websocket could not start following its company');
            if (socket.readyState === socket.OPEN) socket.close(closeCodes.internalError, 'authentication unavailable');
          });
        },
        (error: unknown) => {
          // Not the client's fault: 1011 lets it retry, where 4401 would send it back to login.
          log.error({ err: error }, 'websocket authentication failed');
          if (socket.readyState === socket.OPEN) socket.close(closeCodes.internalError, 'authentication unavailable');
        },
      );
    };
    const welcome = async (principal: SocketPrincipal, changesBefore: number, resumeAfter: number | undefined) => {
      const { companyId } = principal;
      // The company's frames first (its subscription, when per company), then its place in their
      // sequence: no frame falls between the two.
      await companies?.open(companyId);
      try {
        await sequencer?.follow(companyId);
      } catch (error) {
        companies?.close(companyId);
        throw error;
      }
      if (socket.readyState !== socket.OPEN || closed) {
        sequencer?.forget(companyId);
        companies?.close(companyId);
        if (closed && socket.readyState === socket.OPEN) socket.close(closeCodes.goingAway, 'server shutting down');
        return;
      }
      const authenticated = new Client(principal, socket);
      client = authenticated;
      // Its company's subscription and sequence are held from open()/follow() on; drop() lets go of both.
      add(authenticated);
      // Before any company frame: a client knows from here on it misses nothing (or, resuming, gets what it missed).
      if (resumeAfter !== undefined) {
        send(authenticated, authenticatedFrame);
        resume(authenticated, resumeAfter);
      } else {
        const seq = sequencer?.position(companyId);
        authenticated.after = seq;
        send(authenticated, seq === undefined ? authenticatedFrame : Buffer.from(JSON.stringify({ ...SOCKET_AUTHENTICATED_FRAME, seq } satisfies EdgeFrame)));
      }
      access.watchExpiry(authenticated);
      if (accessChanges !== changesBefore) access.recheck(authenticated);
      notify('connected', authenticated, (principal, connection) => options.onConnected?.(principal, connection));
      const queued = early ?? [];
      early = undefined;
      for (const [raw, isBinary] of queued) handleMessage(authenticated, raw, isBinary);
    };
  });

  // One timer for all sockets: a timer per socket costs more than walking the index.
  const pinger: NodeJS.Timeout = setInterval(() => {
    for (const clients of byCompany.values()) {
      for (const client of clients) {
        if (client.awaitingPong) {
          counters.terminatedMissedPong++;
          log.info({ userId: client.principal.userId }, 'websocket missed its pong; terminated');
          terminate(client);
          continue;
        }
        client.awaitingPong = true;
        if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
      }
    }
  }, pingIntervalMs);
  pinger.unref();

  return {
    connections: () => connectionCount,
    stats: () => ({
      connections: connectionCount,
      ...counters,
      framesDuplicate: sequencer?.stats.duplicates ?? 0,
      gapsFilled: sequencer?.stats.gapsFilled ?? 0,
    }),
    close,
  };

  function close(): Promise<void> {
    closing ??= (async () => {
      closed = true;
      clearInterval(pinger);
      sequencer?.close();
      await Promise.all([subscription?.unsubscribe(), companies?.closeAll()]);
      byCompany.clear();
      connectionCount = 0;
      await Promise.all([...sockets].map(closeSocket));
    })();
    return closing;
  }
}
