import { messageStream } from '@conversa/contracts';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routeLabel } from '../src/metrics';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';
import { startReceiver } from './webhook-receiver';

let server: TestServer;
let token: string;
let userId: number;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: 'scrape-token-123', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  const company = await signupCompany(server, 'Metrics Co', 93);
  const session = await server.login(company.email, company.password);
  token = session.token;
  userId = company.userId;
});
afterAll(() => server?.close());

it('answers a scrape from this machine or with METRICS_TOKEN, with the series operators watch', async () => {
  const receiver = await startReceiver();
  server.wiring.webhooks.deliverer.start();
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect((await call('POST', '/webhooks', { url: receiver.url, events: ['contact.created'] })).statusCode).toBe(201);
  expect((await call('POST', '/whatsapp', { name: 'Metrics sandbox', channel: 'sandbox' })).statusCode).toBe(201);
  expect((await call('POST', '/contacts', { name: 'Counted', number: '5511933332222' })).statusCode).toBe(201);
  await receiver.until(1);
  await settle(server);
  // The deliverer counts the attempt once the receiver's answer is back, a moment after it arrived.
  await expect
    .poll(async () => (await server.app.inject({ method: 'GET', url: '/metrics' })).body)
    .toMatch(/conversa_webhook_delivery_attempts_total\{outcome="delivered"\} [1-9]/);

  const scrape = await server.app.inject({ method: 'GET', url: '/metrics' });
  expect(scrape.statusCode).toBe(200);
  expect(scrape.headers['content-type']).toContain('text/plain');
  const text = scrape.body;
  for (const series of [
    /conversa_http_request_duration_seconds_bucket\{.*method="POST".*route="\/contacts".*status="201"/,
    /conversa_eventstore_append_seconds_count [1-9]/,
    /conversa_eventstore_appended_events_total [1-9]/,
    /conversa_projector_lag_events\{projector="tickets",kind="projector"\} \d/,
    /conversa_projector_lag_seconds\{projector="tickets",kind="projector"\} \d/,
    /conversa_projector_parked_events\{projector="webhook-fanout",kind="reactor"\} 0/,
    /conversa_projector_parked_events\{projector="contacts",kind="projector"\} 0/,
    /conversa_websocket_connections \d/,
    /conversa_websocket_frames_sent_total \d/,
    /conversa_websocket_resumes_total\{outcome="resumed"\} \d/,
    /conversa_websocket_frame_gaps_filled_total \d/,
    /conversa_bus_published_total\{entity="contact"\} [1-9]/,
    /conversa_bus_received_total\{entity="\w+"\} [1-9]/,
    /conversa_webhook_delivery_attempts_total\{outcome="delivered"\} [1-9]/,
    /conversa_webhook_queue_depth \d/,
    /conversa_channel_sessions\{status="\w+",channel="sandbox"\} 1/,
    /conversa_nodejs_eventloop_lag_seconds \d/,
    /conversa_process_resident_memory_bytes \d/,
  ]) {
    expect(text, String(series)).toMatch(series);
  }

  // From elsewhere: refused without the token, answered with it.
  expect((await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
  expect(
    (await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-xyz' } }))
      .statusCode,
  ).toBe(403);
  expect(
    (await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-token-123' } }))
      .statusCode,
  ).toBe(200);
  await receiver.close();
});

const promtool = async (): Promise<string | null> => {
  try {
    await promisify(execFile)('promtool', ['--version']);
    return 'promtool';
  } catch {
    return null;
  }
};

it('counts messages both ways and the queues, labels routes by pattern, and passes promtool check metrics', async () => {
  await server.wiring.sessions.start();
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const created = await call('POST', '/whatsapp', { name: 'Counted sandbox', channel: 'sandbox' });
  expect(created.statusCode, created.body).toBe(201);
  const connection = created.json() as { id: number; token: string };
  await server.wiring.sessions.reconcile();
  await settle(server);
  const inbound = await server.app.inject({
    method: 'POST',
    url: `/sandbox/${connection.id}/messages`,
    headers: bearer(connection.token),
    payload: { from: '5511944443333', name: 'Bia', body: 'Oi' },
  });
  expect(inbound.statusCode, inbound.body).toBe(202);
  const { ticketId } = inbound.json() as { ticketId: number };
  expect((await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId })).statusCode).toBe(200);
  const reply = await call('POST', `/messages/${ticketId}`, { body: 'Olá Bia' });
  expect(reply.statusCode, reply.body).toBe(200);
  const [queued] = await server.wiring.store.readStream(messageStream(reply.json().messages[0].id));
  await server.wiring.reactors.waitForPosition(queued!.position);
  await settle(server);
  // Paths no route matches, with ids and hashes in them, must not become series.
  for (const path of ['/assets/index-Ab12Cd34.js', '/no/such/7f3a9']) expect((await server.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

  const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
  for (const series of [
    /conversa_messages_received_total\{channel="sandbox"\} 1\b/,
    /conversa_messages_sent_total\{outcome="sent"\} 1\b/,
    /conversa_queue_depth\{queue="sender"\} 0\b/,
    /conversa_queue_depth\{queue="campaign"\} 0\b/,
    /conversa_queue_depth\{queue="import"\} 0\b/,
    /conversa_queue_depth\{queue="webhook"\} \d/,
    // The scrape itself is in flight while it is answered.
    /conversa_http_requests_in_flight 1\b/,
    /conversa_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 2\b/,
    /conversa_http_request_duration_seconds_count\{method="PUT",route="\/tickets\/:id",status="200"\}/,
    /conversa_nodejs_active_handles\{type="\w+"\} \d/,
  ]) {
    expect(text, String(series)).toMatch(series);
  }
  expect(text).not.toMatch(/route="[^"]*(Ab12Cd34|7f3a9)/);
  expect(text).not.toMatch(/^conversa_nodejs_active_\w+_total/m);

  const tool = await promtool();
  if (!tool) {
    // CI installs it (.ci/run); a machine without it still runs the checks above.
    console.warn('promtool is not installed (apt-get install prometheus): `promtool check metrics` skipped');
    return;
  }
  const file = join(tmpdir(), `conversa-metrics-${process.pid}.txt`);
  await writeFile(file, text);
  const checked = await promisify(execFile)('sh', ['-c', `${tool} check metrics < "$0"; echo "rc=$?"`, file]);
  expect(checked.stdout + checked.stderr).toBe('rc=0\n');
});

it('labels the UI files static and the SPA catch-all static, or unmatched when it answers 404', () => {
  const request = (url: string | undefined, config: object = {}) => ({ routeOptions: { url, config } }) as unknown as FastifyRequest;
  expect(routeLabel(request('/assets/index-Ab12.js', { rootPath: '/srv/ui', file: 'assets/index-Ab12.js' }), 200)).toBe('static');
  expect(routeLabel(request('/*'), 200)).toBe('static');
  expect(routeLabel(request('/*'), 404)).toBe('unmatched');
  expect(routeLabel(request(undefined), 404)).toBe('unmatched');
  expect(routeLabel(request('/api/docs/openapi.json'), 200)).toBe('/api/docs/openapi.json');
});
