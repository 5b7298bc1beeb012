import { cpf } from '../harness';
import { openSocket } from '../socket-client';

/** What an outside client of the cluster does over real HTTP: sign up, log in, call routes, open a sandbox. */

export async function http(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure's message.
  }
  return { status: response.status, json };
}

async function ok(base: string, method: string, url: string, options: { token?: string; body?: unknown } = {}, expected = [200, 201]) {
  const answer = await http(base, method, url, options);
  if (!expected.includes(answer.status)) throw new Error(`${method} ${url} on ${base}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** A company signed up through the public route, its admin logged in, with one sandbox connection. */
export async function companyWithSandbox(base: string, name: string, seed: number) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`;
  const password = 'Abcdefgh1';
  const signup = await ok(base, 'POST', '/auth/signup', {
    body: { name: `${name} Admin`, companyName: name, email, password, phone: '11987654321', document: cpf(seed), planId: 1, termo: true },
  });
  const { token } = await ok(base, 'POST', '/auth/login', { body: { email, password } });
  const sandbox = (await ok(base, 'POST', '/whatsapp', { token, body: { name: 'Sandbox', channel: 'sandbox' } })) as { id: number; token: string };
  return { companyId: signup.companyId as number, userId: signup.userId as number, token: token as string, sandbox };
}

export interface Delivered {
  externalId: string;
  body: string;
  messageId: string;
  ticketId: number;
  /** Attempts it took (a request cut by a dying process is delivered again, with the same id). */
  attempts: number;
  at: number;
}

/**
 * A contact's message through the sandbox route, as a channel would: again with the same id if
 * the request fails (the route is idempotent on the id), up to a bound.
 */
export async function deliver(
  base: string,
  sandbox: { id: number; token: string },
  message: { id: string; from: string; body: string; name?: string },
): Promise<Delivered> {
  for (let attempt = 1; ; attempt++) {
    const at = performance.now();
    try {
      const answer = await http(base, 'POST', `/sandbox/${sandbox.id}/messages`, { token: sandbox.token, body: message });
      if (answer.status === 202)
        return { externalId: message.id, body: message.body, messageId: answer.json.id, ticketId: answer.json.ticketId, attempts: attempt, at };
      if (attempt >= 5) throw new Error(`sandbox delivery ${message.id}: ${answer.status} ${JSON.stringify(answer.json)}`);
    } catch (error) {
      if (attempt >= 5) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}

/** The admin takes the ticket (status open, assigned to them): only an open ticket is answered. */
export async function accept(base: string, token: string, ticketId: number, userId: number): Promise<void> {
  await ok(base, 'PUT', `/tickets/${ticketId}`, { token, body: { status: 'open', userId } });
}

export async function reply(base: string, token: string, ticketId: number, body: string): Promise<string> {
  const answer = await ok(base, 'POST', `/messages/${ticketId}`, { token, body: { body } });
  return answer.messages[0].id as string;
}

export async function outbox(base: string, sandbox: { id: number; token: string }, to: string): Promise<Array<{ id: string; body: string }>> {
  return (await ok(base, 'GET', `/sandbox/${sandbox.id}/outbox?to=${to}`, { token: sandbox.token })).messages;
}

/**
 * A browser's socket on an edge: its `company-<id>-appMessage` create frames, and the last message
 * its `ticket` frames carry (a new ticket's first message arrives that way: its message frame is
 * not sent before the ticket's row exists, see projections/messages/projector.ts), each with when it arrived.
 */
export async function messageSocket(edgeUrl: string, token: string, companyId: number) {
  const socket = await openSocket(`${edgeUrl.replace('http', 'ws')}/socket`, token);
  const created: Array<{ id: string; at: number }> = [];
  const lastMessages: Array<{ ticketId: number; body: string; at: number }> = [];
  socket.socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { event: string; data: any };
    const at = performance.now();
    if (frame.event === `company-${companyId}-appMessage` && frame.data?.action === 'create') created.push({ id: frame.data.message.id, at });
    if (frame.event === `company-${companyId}-ticket` && frame.data?.ticket)
      lastMessages.push({ ticketId: frame.data.ticket.id, body: frame.data.ticket.lastMessage, at });
  });
  /** When the socket first showed the message (its own frame, or its ticket's), if it did. */
  const shown = (message: { id: string; ticketId: number; body: string }) =>
    created.find((frame) => frame.id === message.id)?.at ??
    lastMessages.find((frame) => frame.ticketId === message.ticketId && frame.body === message.body)?.at;
  return { socket, created, lastMessages, shown, close: () => socket.socket.close() };
}

/** Ids seen more than once, and expected ids never seen. */
export function compareOnce(seen: readonly string[], expected: readonly string[]): { doubled: string[]; missing: string[]; unexpected: string[] } {
  const counts = new Map<string, number>();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  const wanted = new Set(expected);
  return {
    doubled: [...counts].filter(([, n]) => n > 1).map(([id]) => id),
    missing: expected.filter((id) => !counts.has(id)),
    unexpected: [...counts.keys()].filter((id) => !wanted.has(id)),
  };
}
