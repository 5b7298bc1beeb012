import WebSocket from 'ws';

export interface Frame {
  event: string;
  data: any;
  /** The company's frame sequence (projector frames). */
  seq?: number;
  correlationId?: string;
}

// The edge's answer carries the company's sequence: `{"event":"authenticated","seq":12}`.
const AUTHENTICATED = '{"event":"authenticated"';

/**
 * Sends the token as the socket's first message, as the browser does, and resolves once the edge has
 * accepted it (its `authenticated` frame: the socket misses no frame published after this) or closed the socket.
 */
export function authenticate(socket: WebSocket, token: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      socket.off('message', onMessage);
      socket.off('close', done);
      resolve();
    };
    const onMessage = (raw: WebSocket.RawData) => {
      if (String(raw).startsWith(AUTHENTICATED)) done();
    };
    socket.on('message', onMessage);
    socket.on('close', done);
    socket.send(JSON.stringify({ event: 'authenticate', data: token }));
  });
}

/** A frame the edge sends for the socket itself, not for a company: the recorders leave it out. */
export const isEdgeFrame = (raw: WebSocket.RawData) => String(raw).startsWith(AUTHENTICATED);

/** An open test socket recording its frames; `next` waits for a frame, `closed` for the close (code and when). */
export async function openSocket(base: string, token: string) {
  const socket = new WebSocket(base);
  const frames: Frame[] = [];
  const waiters: Array<{ predicate: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason), at: performance.now() })),
  );
  socket.on('message', (raw) => {
    if (isEdgeFrame(raw)) return;
    const frame = JSON.parse(String(raw)) as Frame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await authenticate(socket, token);
  return {
    socket,
    frames,
    closed,
    send(message: unknown) {
      socket.send(JSON.stringify(message));
    },
    next(predicate: (f: Frame) => boolean, timeoutMs = 5000) {
      const seen = frames.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise<Frame>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
        waiters.push({ predicate, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
  };
}

/** Resolves with the close, or fails after `withinMs`. */
export function closedWithin(socket: Awaited<ReturnType<typeof openSocket>>, withinMs: number) {
  return Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${withinMs} ms`)), withinMs).unref()),
  ]);
}
