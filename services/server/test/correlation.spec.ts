import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, logCapture, signupCompany, startTestServer, type TestServer } from './harness';
import { openSocket } from './socket-client';

let server: TestServer;
let base: string;
const log = logCapture();

beforeAll(async () => {
  // Debug: each projector and reactor says which event it applied, under that event's correlation id.
  server = await startTestServer({ listen: true, log: log.stream, logLevel: 'debug' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
});
afterAll(() => server?.close());

it("carries a request's correlation id onto its answer, its events, every log line about them (HTTP, projector, reactor) and the frame a socket gets", async () => {
  const company = await signupCompany(server, 'Correlated Co', 741);
  const { token } = await server.login(company.email, company.password);
  const socket = await openSocket(base, token);
  const correlationId = 'trace-contact-000741';

  const response = await server.app.inject({
    method: 'POST',
    url: '/contacts',
    headers: { ...bearer(token), 'x-correlation-id': correlationId },
    payload: { name: 'Rastreado', number: '5511977410001' },
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers['x-correlation-id']).toBe(correlationId);
  const contactId = response.json().id as number;
  const [created] = await server.wiring.store.readStream(`contact-${contactId}`);
  expect(created!.metadata.correlationId).toBe(correlationId);

  const frame = await socket.next((f) => f.event === `company-${company.companyId}-contact` && f.data.contact?.id === contactId);
  expect(frame.correlationId).toBe(correlationId);

  // The webhook fanout reactor handles ContactCreated too; its line may come after the frame.
  const about = () => log.entries().filter((entry) => entry.msg.includes(created!.id));
  await expect
    .poll(
      () =>
        about()
          .map((entry) => entry.component)
          .sort(),
      { timeout: 10_000 },
    )
    .toEqual(expect.arrayContaining(['projector', 'reactor']));
  expect(about().length).toBeGreaterThanOrEqual(2);
  for (const entry of about()) expect(entry.correlationId, entry.msg).toBe(correlationId);
  expect(about().find((entry) => entry.component === 'projector' && entry.msg.startsWith('Projector contacts: applied ContactCreated'))).toBeDefined();
  expect(about().find((entry) => entry.component === 'reactor' && entry.msg.startsWith('Reactor webhook-fanout: applied ContactCreated'))).toBeDefined();
  const requestLines = log.entries().filter((entry) => entry.correlationId === correlationId && !entry.component);
  expect(requestLines.map((entry) => entry.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  socket.socket.close();
});

it('keeps only a plain token a caller gives (X-Correlation-Id, else X-Request-Id) and makes one up otherwise', async () => {
  const byRequestId = await server.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'proxy-req-0001' } });
  expect(byRequestId.headers['x-correlation-id']).toBe('proxy-req-0001');
  const forged = await server.app.inject({ method: 'GET', url: '/health', headers: { 'x-correlation-id': 'bad id"}\n{"level":60' } });
  expect(forged.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(forged.headers['x-request-id']).toBe(forged.headers['x-correlation-id']);
});
