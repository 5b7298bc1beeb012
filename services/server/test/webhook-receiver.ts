import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  json: any;
  at: number;
}

/**
 * A local receiver for the deliverer's tests and bench: records every POST and answers what the
 * test decides (a status, or never, to stand for a hung endpoint).
 */
export async function startReceiver(options: { port?: number; answer?: (delivery: ReceivedDelivery, response: ServerResponse) => void } = {}) {
  const received: ReceivedDelivery[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let answer = options.answer ?? ((_delivery, response) => response.writeHead(200).end('ok'));
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery = { headers: request.headers as Record<string, string>, body, json: JSON.parse(body), at: performance.now() };
      received.push(delivery);
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      answer(delivery, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setAnswer(next: typeof answer) {
      answer = next;
    },
    /** Resolves once `count` POSTs have arrived in all. */
    until(count: number): Promise<void> {
      return received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a consumer does with a delivery (docs/webhooks.md): recompute the signature over "<timestamp>.<raw body>". */
export function verifySignature(secret: string, delivery: ReceivedDelivery): boolean {
  const timestamp = delivery.headers['x-conversa-timestamp'];
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
  const given = delivery.headers['x-conversa-signature'] ?? '';
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * What an integrator does with the off-the-shelf Standard Webhooks verifier (npm standardwebhooks): true when the
 * `webhook-*` headers verify over the raw body with the secret as shown (the verifier also refuses a stale timestamp).
 */
export function verifyStandard(secret: string, delivery: ReceivedDelivery): boolean {
  try {
    new Webhook(secret).verify(delivery.body, delivery.headers);
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on (for a receiver that is down, then comes up there). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
