import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signupCompany, startTestServer, type TestServer } from './harness';
import { openSocket } from './socket-client';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
});
afterAll(() => server?.close());

/** An open socket that records its frames; `next(pred)` resolves with the first matching frame. */
const connect = (token: string) => openSocket(base, token);

describe('socket edge in the product', () => {
  it('refuses a socket without a valid token', async () => {
    const socket = new WebSocket(base);
    socket.once('open', () => socket.send(JSON.stringify({ event: 'authenticate', data: 'forged' })));
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });

  it("tells the user's other browser that the account was opened elsewhere, and nobody else", async () => {
    const company = await signupCompany(server, 'Socket Co', 21);
    const other = await signupCompany(server, 'Other Co', 22);
    const first = await server.login(company.email, company.password);
    const firstSocket = await connect(first.token);
    const otherSocket = await connect((await server.login(other.email, other.password)).token);

    const second = await server.login(company.email, company.password);
    const frame = await firstSocket.next((f) => f.event === `company-${company.companyId}-auth`);
    expect(frame.data).toMatchObject({ action: 'update', user: { id: company.userId } });

    // The new browser's own socket is not told about its own login.
    const secondSocket = await connect(second.token);
    const marker = await server.login(other.email, other.password);
    await otherSocket.next((f) => f.event === `company-${other.companyId}-auth`);
    expect(secondSocket.frames.filter((f) => f.event.endsWith('-auth'))).toEqual([]);
    expect(otherSocket.frames.some((f) => f.event.startsWith(`company-${company.companyId}-`))).toBe(false);
    expect(marker.token).toBeTruthy();
    for (const s of [firstSocket, secondSocket, otherSocket]) s.socket.close();
  });
});
