import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';
import { startReceiver } from './webhook-receiver';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: 'scrape-token-123', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  const company = await signupCompany(server, 'Metrics Co', 93);
  token = (await server.login(company.email, company.password)).token;
});
afterAll(() => server?.close());

it('answers a scrape from this machine or with METRICS_TOKEN, with the series operators watch', async () => {
  const receiver = await startReceiver();
  server.wiring.webhooks.deliverer.start();
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect((await call('POST', '/webhooks', { url: receiver.url, events: ['contact.created'] })).statusCode).toBe(201);
  expect((await call('POST', '/whatsapp', { name: 'Metrics sandbox', channel: 'sandbox' })).statusCode).toBe(201);
  expect((await call('POST', '/contacts', { name: 'Counted', number: '5511933332222' })).statusCode).toBe(201);
  await receiver.until(1);
  await settle(server);
  // The deliverer counts the attempt once the receiver's answer is back, a moment after it arrived.
  await expect.poll(async () => (await server.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/conversa_webhook_delivery_attempts_total\{outcome="delivered"\} [1-9]/);

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
  expect((await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-xyz' } })).statusCode).toBe(403);
  expect((await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-token-123' } })).statusCode).toBe(200);
  await receiver.close();
});
