import { USER_STATUS_PING_MS } from './constants';
import type { ClientMessageBody, CompanyFrame, FrameData, FrameEntity } from '@conversa/contracts';

/**
 * The browser end of the websocket edge (docs/ARCHITECTURE.md "The websocket protocol").
 *
 * Server frames are `{ event: 'company-<id>-<name>', data }`; client messages are
 * `{ event: 'joinNotification' }`, `{ event: 'joinTickets', data: 'open' }`, `{ event: 'joinChatBox', data: '<ticketId>' }`
 * and `{ event: 'userStatus' }` (every 300000 ms while connected).
 *
 * How a feature uses it (the shell owns the one client; get it with `useSocket()` from app/SocketProvider):
 *
 *   // features/tickets/socket.ts — patch the RTK Query cache the list screen reads
 *   export function useTicketFrames(args: TicketListArgs) {
 *     const dispatch = useAppDispatch();
 *     useSocketJoin({ event: 'joinTickets', data: args.status });        // re-sent after every reconnect
 *     useSocketEvent('ticket', (frame) => {                                 // company-<id>-ticket; frame: TicketFrame
 *       dispatch(ticketsApi.util.updateQueryData('ticketList', args, (draft) => { ... }));
 *     });
 *     // Frames the edge could not resend after a drop (older than its window): refetch what the screen shows.
 *     useSocketReconnect(() => dispatch(ticketsApi.util.invalidateTags(['Ticket'])));
 *   }
 *
 * The token never rides in the URL (request logs and proxies keep URLs): every socket's first message is
 * `{ event: 'authenticate', data: token }`, and the edge closes a socket that does not send one within seconds. The
 * socket counts as open (and a reconnect refetches) once the edge answers `{ event: 'authenticated' }`: only then do frames flow.
 * The client reconnects with exponential backoff after a lost connection (and at once when the browser comes back
 * online) and re-sends every active join after each reconnect. Projector frames carry their company's sequence
 * (`seq`); a reconnecting socket sends the last one it saw (`resume` beside its token) and the edge sends exactly
 * the frames it missed, or `{ event: 'refetch' }` when they are older than its window: only then do the screens
 * read their lists again (`onReconnect`). A refreshed token (`setToken`) is sent over the open socket (`{ event: 'authenticate', data: token }`), since
 * the edge closes a socket when its token expires; a close as unauthorized (4401: expired or revoked) asks the shell
 * to refresh the session (`onUnauthorized`), which either yields a new token or ends the session.
 */

/**
 * A room the shell joins (and leaves on unmount): one of the client messages the edge accepts
 * (ClientMessageBody), held as its event and text so a hook can keep the two parts apart.
 */
export interface JoinMessage {
  event: ClientMessageBody['event'];
  data?: string;
}

/** Handles an entity's frames, its body typed by contracts' frame catalogue (contracts/src/frames.ts). */
export type FrameHandler<E extends FrameEntity = FrameEntity> = (data: FrameData<E>, event: string) => void;
/** A handler as the client holds it, by the entity a frame's event names. */
type RelayHandler = (data: unknown, event: string) => void;
/** `reconnecting`: trying again after having been open (the shell shows it); `closed`: waiting for the next try. */
export type SocketState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

interface WebSocketLike {
  readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketClientOptions {
  /** The socket URL; defaults to ws(s)://<this host>/socket (the token goes in the first message, not here). */
  url?: () => string;
  createSocket?: (url: string) => WebSocketLike;
  /** First retry delay; doubles on every failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  userStatusIntervalMs?: number;
  /** 0..1 share of each delay randomised so a restarted edge is not hit by every browser at the same instant. */
  jitter?: number;
  random?: () => number;
  /** Where the browser says it is back online (`online`); undefined outside a browser. */
  onlineEvents?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

const OPEN = 1;
/** The edge's close code for a missing, expired or revoked token. */
export const UNAUTHORIZED_CLOSE = 4401;
const EVENT_PATTERN = /^company-\d+-(.+)$/;

const defaultUrl = () => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/socket`;
};

const joinKey = (join: JoinMessage) => `${join.event}\u0000${join.data ?? ''}`;

export class SocketClient {
  private socket: WebSocketLike | null = null;
  private token: string | null = null;
  private attempts = 0;
  private hasConnectedBefore = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private statusTimer: ReturnType<typeof setInterval> | null = null;
  private readonly joins = new Map<string, { join: JoinMessage; count: number }>();
  private readonly handlers = new Map<string, Set<RelayHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly unauthorizedHandlers = new Set<() => void>();
  /** The token the last 4401 was reported for: one report per token, so a refused refresh cannot loop. */
  private unauthorizedToken: string | null = null;
  private readonly stateHandlers = new Set<(state: SocketState) => void>();
  private currentState: SocketState = 'idle';
  private readonly options: Required<Omit<SocketClientOptions, 'onlineEvents'>>;
  /** The last company frame sequence handled: a reconnect resumes after it, and a frame at or before it is a repeat. */
  private lastSeq: number | undefined;
  /** Whether the current socket asked to resume (so its `authenticated` is no reason to refetch). */
  private resuming = false;
  private readonly onlineEvents: SocketClientOptions['onlineEvents'];

  constructor(options: SocketClientOptions = {}) {
    this.options = {
      url: options.url ?? defaultUrl,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      initialDelayMs: options.initialDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      userStatusIntervalMs: options.userStatusIntervalMs ?? USER_STATUS_PING_MS,
      jitter: options.jitter ?? 0.2,
      random: options.random ?? Math.random,
    };
    this.onlineEvents = options.onlineEvents === undefined ? (typeof window === 'undefined' ? null : window) : options.onlineEvents;
    this.onlineEvents?.addEventListener('online', this.backOnline);
    if (typeof document !== 'undefined')
      document.addEventListener('visibilitychange', () =>
        this.send({ event: 'visibility', data: document.visibilityState === 'hidden' ? 'hidden' : 'visible' }),
      );
  }

  /** The network is back: try now rather than at the end of the backoff (which may be many seconds away). */
  private readonly backOnline = () => {
    if (!this.token || this.currentState === 'open') return;
    this.attempts = 0;
    this.open();
  };

  get state(): SocketState {
    return this.currentState;
  }

  /** Connects with this token; a new one (after a refresh) is sent over the open socket, or connects with it. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    const previous = this.token;
    this.token = token;
    if (!token) {
      this.disconnect();
      return;
    }
    // The socket keeps its rooms and misses no frame; the edge closes it (4401) if the token is not the same user's.
    if (previous && this.send({ event: 'authenticate', data: token })) return;
    this.attempts = 0;
    this.open();
  }

  disconnect(): void {
    this.token = null;
    this.clearTimers();
    this.hasConnectedBefore = false;
    this.lastSeq = undefined;
    this.attempts = 0;
    this.dropSocket();
    this.setState('idle');
  }

  /** Asks the server for a room; remembered and re-sent after reconnects until the returned leave() is called. */
  join(join: JoinMessage): () => void {
    const key = joinKey(join);
    const entry = this.joins.get(key);
    if (entry) entry.count += 1;
    else {
      this.joins.set(key, { join, count: 1 });
      this.send(join);
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const current = this.joins.get(key);
      if (!current) return;
      current.count -= 1;
      if (current.count <= 0) this.joins.delete(key);
    };
  }

  /** Handles frames `company-<any id>-<entity>`; returns the unsubscribe function. */
  subscribe<E extends FrameEntity>(entity: E, handler: FrameHandler<E>): () => void {
    // The edge relays what the projectors published for the entity, typed by the same catalogue: the one place a body
    // read off the wire takes its entity's type.
    const relay = handler as RelayHandler;
    let set = this.handlers.get(entity);
    if (!set) this.handlers.set(entity, (set = new Set()));
    set.add(relay);
    return () => {
      set.delete(relay);
    };
  }

  /** Runs after every reconnect (not the first connect): frames missed while down must be refetched. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => {
      this.reconnectHandlers.delete(handler);
    };
  }

  /** Runs when the edge closes the socket as unauthorized (token expired or session revoked), once per token. */
  onUnauthorized(handler: () => void): () => void {
    this.unauthorizedHandlers.add(handler);
    return () => {
      this.unauthorizedHandlers.delete(handler);
    };
  }

  onStateChange(handler: (state: SocketState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => {
      this.stateHandlers.delete(handler);
    };
  }

  send(message: JoinMessage | ClientMessageBody): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private open(): void {
    if (!this.token) return;
    this.clearTimers();
    this.dropSocket();
    this.setState(this.hasConnectedBefore ? 'reconnecting' : 'connecting');
    const socket = this.options.createSocket(this.options.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket || !this.token) return;
      // First, before any join: the edge reads the token from the first message only (and holds the joins until it is checked).
      // Back after a drop: with the last sequence seen, so the edge sends what was missed instead of a refetch.
      this.resuming = this.hasConnectedBefore && this.lastSeq !== undefined;
      this.send(this.resuming ? { event: 'authenticate', data: this.token, resume: this.lastSeq } : { event: 'authenticate', data: this.token });
      for (const { join } of this.joins.values()) this.send(join);
      this.send({ event: 'userStatus' });
      // The edge counts a new socket as visible; pushes go to a user while none of her tabs is (docs/push.md).
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') this.send({ event: 'visibility', data: 'hidden' });
      this.statusTimer = setInterval(() => this.send({ event: 'userStatus' }), this.options.userStatusIntervalMs);
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      this.receive(message.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.setState('closed');
      this.scheduleRetry();
      if (event?.code === UNAUTHORIZED_CLOSE && this.token !== this.unauthorizedToken) {
        this.unauthorizedToken = this.token;
        for (const handler of [...this.unauthorizedHandlers]) handler();
      }
    };
    socket.onerror = () => {
      // A close event always follows an error; the retry is scheduled there.
    };
  }

  /**
   * The edge accepted the token: frames flow from here. A socket that resumed gets what it missed as frames (or
   * `refetch`); one that could not (no sequence seen yet) has what was missed refetched now.
   */
  private authenticated(seq: number | undefined): void {
    this.attempts = 0;
    this.setState('open');
    const reconnected = this.hasConnectedBefore;
    this.hasConnectedBefore = true;
    if (this.resuming) return;
    this.lastSeq = seq;
    if (reconnected) this.refetch();
  }

  private refetch(): void {
    for (const handler of [...this.reconnectHandlers]) handler();
  }

  private scheduleRetry(): void {
    if (!this.token) return;
    const { initialDelayMs, maxDelayMs, jitter, random } = this.options;
    const base = Math.min(maxDelayMs, initialDelayMs * 2 ** this.attempts);
    const delay = Math.round(base * (1 - jitter + jitter * 2 * random()));
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    // A company frame, or the edge's own (`authenticated`, `refetch`: contracts' EdgeFrame).
    let frame: { [K in keyof CompanyFrame]?: unknown };
    try {
      frame = JSON.parse(raw) as { [K in keyof CompanyFrame]?: unknown };
    } catch {
      return;
    }
    if (typeof frame.event !== 'string') return;
    const seq = typeof frame.seq === 'number' ? frame.seq : undefined;
    if (frame.event === 'authenticated') return this.authenticated(seq);
    if (frame.event === 'refetch') {
      if (seq !== undefined) this.lastSeq = seq;
      return this.refetch();
    }
    if (seq !== undefined) {
      // Already handled (a resume that overlapped what this tab saw on another edge).
      if (this.lastSeq !== undefined && seq <= this.lastSeq) return;
      this.lastSeq = seq;
    }
    const suffix = EVENT_PATTERN.exec(frame.event)?.[1] ?? frame.event;
    const set = this.handlers.get(suffix);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(frame.data, frame.event);
      } catch (error) {
        // One screen's faulty handler must not starve the others of the frame.
        console.error(error);
      }
    }
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close(1000);
      } catch {
        // Closing a socket that never opened can throw in some browsers; it is gone either way.
      }
    }
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.retryTimer = null;
    this.statusTimer = null;
  }

  private setState(state: SocketState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const handler of [...this.stateHandlers]) handler(state);
  }
}
