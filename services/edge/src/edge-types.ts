import type { Bus } from '@conversa/bus';
import type { FrameData, FrameEntity } from '@conversa/contracts/frames';
import type { FrameSource } from './sequencer';

/** The websocket edge's types: who a socket is, what filters its frames see, the options and the handle (edge.ts). */

export interface SocketPrincipal {
  userId: number;
  companyId: number;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  sessionId: string;
  /** When the access token expires (epoch ms): the socket closes then unless a fresh token arrives. */
  expiresAt?: number;
}

/** What a filter sees of a socket. Rooms look like 'notification', 'status:open', 'ticket:<id>'. */
export interface SocketConnection {
  principal: SocketPrincipal;
  rooms: ReadonlySet<string>;
}

/** One authenticated socket, as the lifecycle hooks name it (a user has one per open tab). */
export interface SocketConnectionRef {
  /** Random per socket, unique across edge processes. */
  id: string;
}

/** Whether a socket gets a frame of entity E, read as the frame catalogue types its body (contracts/src/frames.ts). */
export type FrameFilter<E extends FrameEntity = FrameEntity> = (connection: SocketConnection, data: FrameData<E>) => boolean;
/** Per-entity visibility: each filter reads its own entity's body. */
export type FrameFilters = { [E in FrameEntity]?: FrameFilter<E> };
/**
 * A filter as the relay holds it, by the entity a bus subject names: the body is what the projectors published for
 * that entity, which their frame catalogue typed (the bus carries bytes, so the type is the catalogue's word).
 */
export type RelayFilter = (connection: SocketConnection, data: unknown) => boolean;

export interface EdgeOptions {
  bus: Bus;
  /** Verifies the access token the socket's first message carries (`authenticate`); null → close 4401. */
  authenticate(token: string): Promise<SocketPrincipal | null>;
  /**
   * Reloads who a socket's user is after their role or queues changed (a `user-access` announcement);
   * null when the session or the user is gone (close 4401).
   */
  reauthorize?(principal: SocketPrincipal): Promise<SocketPrincipal | null>;
  /** Per-entity visibility; entities without a filter go to every socket of the company. */
  filters?: FrameFilters;
  /** Per-recipient rewriting of frames (LGPD number masking), or undefined: the data as published. */
  redact?(connection: SocketConnection, companyId: number): ((data: unknown) => unknown) | undefined;
  /** Called on each `visibility` client message: whether the socket's tab shows the page (pushes wait for none to). */
  onVisibility?(principal: SocketPrincipal, connection: SocketConnectionRef, visible: boolean): void | Promise<void>;
  /** Called on each `userStatus` client message (online presence). */
  onUserStatus?(principal: SocketPrincipal, connection: SocketConnectionRef): void | Promise<void>;
  /** Called once a socket's token is verified, before its first message is handled. */
  onConnected?(principal: SocketPrincipal, connection: SocketConnectionRef): void | Promise<void>;
  /**
   * Called when an authenticated socket closes, for whatever reason (the browser left, a missed pong, a slow
   * consumer cut off). `serverClosing`: the edge itself is shutting down, so the browser will reconnect elsewhere.
   */
  onDisconnected?(principal: SocketPrincipal, connection: SocketConnectionRef, details: { serverClosing: boolean }): void | Promise<void>;
  /** Default 18000. */
  pingIntervalMs?: number;
  /** Default '/socket'. */
  path?: string;
  /** Unsent bytes a socket may hold before it is cut off as a slow consumer. Default 4 MiB. */
  maxBufferedBytes?: number;
  /** How long a new socket may stay open without sending a valid `authenticate` first. Default 5000. */
  authTimeoutMs?: number;
  /**
   * Resumable frames: the projectors' frame outbox and how far back a socket may resume. Without it,
   * frames go out as they arrive and a socket asking to resume is told to refetch.
   */
  frames?: { source: FrameSource; windowMs: number; gapWaitMs?: number };
  /** Subscribe per company (`company.<id>.>`, first socket to last) instead of to every company (NATS). Default false. */
  perCompany?: boolean;
}

export interface EdgeStats {
  /** Authenticated sockets currently receiving frames. */
  connections: number;
  framesSent: number;
  malformedMessages: number;
  terminatedMissedPong: number;
  terminatedSlowConsumer: number;
  /** Sockets that came back and were sent what they missed, and those told to read their lists again. */
  resumed: number;
  refetchesAsked: number;
  /** Frames dropped as already delivered (a successor's republish), and holes read from the outbox. */
  framesDuplicate: number;
  gapsFilled: number;
}

export interface SocketEdge {
  connections(): number;
  stats(): EdgeStats;
  close(): Promise<void>;
}
