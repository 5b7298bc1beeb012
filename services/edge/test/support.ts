import { type Bus, createInProcessBus } from '@conversa/bus';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket, type ClientOptions } from 'ws';
import { type EdgeOptions, registerSocketEdge, type SocketEdge, type SocketPrincipal } from '../src/index';

export interface Frame {
  event: string;
  data: unknown;
  seq?: number;
}

let sessions = 0;

export function principal(overrides: Partial<SocketPrincipal> = {}): SocketPrincipal {
  return {
    userId: 1,
    companyId: 1,
    profile: 'user',
    super: false,
    queueIds: [],
    allTicket: 'disable',
    allowGroup: false,
    sessionId: `session-${++sessions}`,
    ...overrides,
  };
}

/** The test token is the principal itself, so any test can mint one; 'bad' is refused. */
export const tokenFor = (p: SocketPrincipal) => Buffer.from(JSON.stringify(p)).toString('base64url');

const authenticate = async (token: string): Promise<SocketPrincipal | null> => {
  if (token === 'explode') throw new Error('token store unavailable');
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as SocketPrincipal;
  } catch {
    return null;
  }
};

/** Counts subscriptions so tests can see that the edge subscribes once, not per socket. */
export interface CountingBus extends Bus {
  subscriptions(): { active: number; total: number };
}

export function countingBus(inner: Bus = createInProcessBus()): CountingBus {
  let active = 0;
  let total = 0;
  return {
    publish: (subject, data, options) => inner.publish(subject, data, options),
    async subscribe(pattern, handler) {
      const subscription = await inner.subscribe(pattern, handler);
      active++;
      total++;
      return {
        async unsubscribe() {
          active--;
          await subscription.unsubscribe();
        },
      };
    },
    close: () => inner.close(),
    subscriptions: () => ({ active, total }),
  };
}

export interface TestEdge {
  app: FastifyInstance;
  edge: SocketEdge;
  bus: Bus;
  url: string;
  /** Opens a socket and sends the token as its first message ('' sends nothing), with `resume` if given. */
  connect(p: SocketPrincipal | string, options?: ClientOptions & { query?: string; resume?: number }): Promise<TestClient>;
  /** Resolves once `sessionId` has sent `count` userStatus messages in total. */
  userStatusCount(sessionId: string): number;
  whenUserStatus(sessionId: string, count: number): Promise<void>;
}

export async function startEdge(options: Partial<EdgeOptions> & { bus: Bus }): Promise<TestEdge> {
  const app = Fastify({ logger: false });
  const statusCounts = new Map<string, number>();
  const statusWaiters = new Set<() => void>();
  const edge = await registerSocketEdge(app, {
    authenticate,
    onUserStatus(p) {
      statusCounts.set(p.sessionId, (statusCounts.get(p.sessionId) ?? 0) + 1);
      for (const wake of statusWaiters) wake();
    },
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('fastify did not bind');
  const url = `ws://127.0.0.1:${address.port}${options.path ?? '/socket'}`;

  const harness: TestEdge = {
    app,
    edge,
    bus: options.bus,
    url,
    async connect(p, clientOptions = {}) {
      const token = typeof p === 'string' ? p : tokenFor(p);
      const { query, resume, ...wsOptions } = clientOptions;
      const client = new TestClient(harness, typeof p === 'string' ? undefined : p, `${url}${query ? `?${query}` : ''}`, wsOptions);
      await client.opened;
      if (token !== '') client.send(resume === undefined ? { event: 'authenticate', data: token } : { event: 'authenticate', data: token, resume });
      return client;
    },
    userStatusCount: (sessionId) => statusCounts.get(sessionId) ?? 0,
    whenUserStatus(sessionId, count) {
      return new Promise((resolve) => {
        const check = () => {
          if ((statusCounts.get(sessionId) ?? 0) < count) return;
          statusWaiters.delete(check);
          resolve();
        };
        statusWaiters.add(check);
        check();
      });
    },
  };
  return harness;
}

const frameTimeoutMs = 5_000;

export class TestClient {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly frames: Frame[] = [];
  private waiter: ((frame: Frame) => void) | undefined;
  /** The edge's answer to the token (with the company's sequence the socket starts after). */
  readonly authenticated: Promise<Frame & { seq?: number }>;
  private welcome!: (frame: Frame) => void;

  constructor(
    private readonly harness: TestEdge,
    readonly principal: SocketPrincipal | undefined,
    url: string,
    options: ClientOptions,
  ) {
    this.socket = new WebSocket(url, options);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.authenticated = new Promise((resolve) => (this.welcome = resolve));
    this.socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      // The edge's answer to the token, not a company frame.
      if (frame.event === 'authenticated') return this.welcome(frame);
      const waiter = this.waiter;
      if (waiter) {
        this.waiter = undefined;
        waiter(frame);
      } else {
        this.frames.push(frame);
      }
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
  }

  /** The next frame this socket receives, in order. */
  next(): Promise<Frame> {
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`no frame within ${frameTimeoutMs} ms for ${this.principal?.sessionId ?? 'anonymous'}`));
      }, frameTimeoutMs);
      this.waiter = (frame) => {
        clearTimeout(timer);
        resolve(frame);
      };
    });
  }

  /**
   * Resolves once the edge has handled everything this socket sent so far: client messages are
   * handled in order, so a `userStatus` reaching the edge's hook means the earlier ones were too
   * (and that the socket is authenticated and in the company index).
   */
  async sync(): Promise<void> {
    const sessionId = this.principal!.sessionId;
    const count = this.harness.userStatusCount(sessionId) + 1;
    this.send({ event: 'userStatus' });
    await this.harness.whenUserStatus(sessionId, count);
  }

  close(): void {
    this.socket.terminate();
  }
}

let probes = 0;

/**
 * Proves that nothing reached these sockets since their last expected frame: a probe published
 * now on their company goes to every socket (no filter), and the bus keeps order per subscriber,
 * so the probe being the next frame means no earlier frame was sent to them.
 */
export async function expectNothingElse(bus: Bus, companyId: number, clients: TestClient[]): Promise<void> {
  const seq = ++probes;
  await bus.publish(`company.${companyId}.probe`, { seq });
  for (const client of clients) {
    const frame = await client.next();
    if (frame.event !== `company-${companyId}-probe` || (frame.data as { seq?: number }).seq !== seq) {
      throw new Error(`expected probe ${seq} for ${client.principal?.sessionId}, got ${JSON.stringify(frame).slice(0, 200)}`);
    }
  }
}
