import type { WebSocket } from '@fastify/websocket';
import { randomUUID } from 'node:crypto';
import type { SocketConnection, SocketPrincipal } from './edge';
import { type ClientMessage, rooms } from './protocol';
import type { SequencedFrame } from './sequencer';

export const closeCodes = {
  /** Bad, expired or revoked token: the browser refreshes its token or goes back to login. */
  unauthorized: 4401,
  goingAway: 1001,
  internalError: 1011,
} as const;

// How long close() waits for a client to answer the close handshake before cutting the TCP link.
const closeGraceMs = 2_000;

export class Client implements SocketConnection {
  readonly id = randomUUID();
  readonly rooms = new Set<string>();
  statusRoom: string | undefined;
  ticketRoom: string | undefined;
  awaitingPong = false;
  /** Closes the socket when its access token expires, unless a fresh one arrives first. */
  expiryTimer: NodeJS.Timeout | undefined;
  /** Its session ended: out of the index, closing; whatever it still sends is ignored. */
  revoked = false;
  /** The last company frame sequence this socket is past (sent, or not for it): nothing at or before it is sent again. */
  after: number | undefined;
  /** Live frames kept back while a resume sends what the socket missed. */
  private held: SequencedFrame[] | undefined;

  constructor(
    /** Replaced when the user's role or queues change, or a fresh token arrives. */
    public principal: SocketPrincipal,
    readonly socket: WebSocket,
  ) {}

  /** From here live frames wait until release(): a resume sends what came before them first. */
  hold(after: number): void {
    this.after = after;
    this.held = [];
  }

  release(): SequencedFrame[] {
    const held = this.held ?? [];
    this.held = undefined;
    return held;
  }

  /** Whether a projector frame goes on to this socket now: not while held (kept for later), nor twice. */
  passes(seq: number, parts: Omit<SequencedFrame, 'seq'>): boolean {
    if (this.held) {
      this.held.push({ ...parts, seq });
      return false;
    }
    if (this.after !== undefined && seq <= this.after) return false;
    this.after = seq;
    return true;
  }

  /** Joins and leaves: one status tab and one chat box at a time, like the screens. */
  moveRooms(message: Exclude<ClientMessage, { event: 'authenticate' | 'userStatus' | 'visibility' }>): void {
    switch (message.event) {
      case 'joinNotification':
        this.rooms.add(rooms.notification);
        return;
      case 'joinTickets':
        this.statusRoom = this.switchRoom(this.statusRoom, rooms.status(message.data));
        return;
      case 'leaveTickets': {
        const room = rooms.status(message.data);
        this.rooms.delete(room);
        if (this.statusRoom === room) this.statusRoom = undefined;
        return;
      }
      case 'joinChatBox':
        this.ticketRoom = this.switchRoom(this.ticketRoom, rooms.ticket(message.data));
        return;
      case 'leaveChatBox':
        if (this.ticketRoom !== undefined) this.rooms.delete(this.ticketRoom);
        this.ticketRoom = undefined;
        return;
    }
  }

  /** Leaves `from` (the socket's room of that kind, if any) for `to`, which it answers. */
  private switchRoom(from: string | undefined, to: string): string {
    if (from !== undefined) this.rooms.delete(from);
    this.rooms.add(to);
    return to;
  }
}

export function closeSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) {
      resolve();
      return;
    }
    const timer = setTimeout(() => socket.terminate(), closeGraceMs);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    if (socket.readyState === socket.OPEN) socket.close(closeCodes.goingAway, 'server shutting down');
  });
}
