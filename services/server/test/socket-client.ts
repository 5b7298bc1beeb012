import WebSocket from 'ws';

export interface Frame {
  event: string;
  data: any;
}

/** An open test socket recording its frames; `next` waits for a frame, `closed` for the close (code and when). */
export async function openSocket(base: string, token: string) {
  const socket = new WebSocket(`${base}?token=${encodeURIComponent(token)}`);
  const frames: Frame[] = [];
  const waiters: Array<{ predicate: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason), at: performance.now() })),
  );
  socket.on('message', (raw) => {
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
