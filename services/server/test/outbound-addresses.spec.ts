import { createWebhookPoster } from '@conversa/automation';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Issue 31: company URLs whose host is an IPv6 form carrying a refused IPv4 address are refused like
 * the address itself, and no client of a company URL follows a redirect, whatever the private-URL switch.
 */
let server: TestServer;
let token: string;
let local: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  // A local service: /jump redirects to /secret, which must never be reached through a redirect.
  local = createServer((request, response) => {
    hits.push(request.url ?? '');
    request.resume();
    if (request.url?.startsWith('/jump')) return response.writeHead(302, { location: `${base}/secret` }).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'segredo', sessionId: 's', messages: [] }));
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { OUTBOUND_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  const company = await signupCompany(server, 'Saídas', 313);
  token = (await server.login(company.email, company.password)).token;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => local?.close(resolve));
});

const send = (url: string, payload: object) => server.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const CARRYING_LOOPBACK = [
  'http://[::ffff:0:7f00:1]/h',
  'http://[::7f00:1]/h',
  'http://[2002:7f00:1::]/h',
  'http://[64:ff9b::7f00:1]/h',
  'http://[2001:0:808:808::80ff:fffe]/h',
  'http://[::ffff:a9fe:a9fe]/latest',
];

describe('IPv6 forms carrying a private IPv4', () => {
  it('are refused as webhook and integration URLs while private URLs are not allowed', async () => {
    const { ctx } = server.wiring;
    ctx.webhooks.allowPrivateUrls = false;
    ctx.outbound.allowPrivateUrls = false;
    try {
      for (const url of CARRYING_LOOPBACK) {
        const hook = await send('/webhooks', { url, events: ['*'] });
        expect([hook.statusCode, hook.json().error], url).toEqual([400, 'ERR_WEBHOOK_URL_REFUSED']);
        const integration = await send('/queueIntegration', { type: 'webhook', name: 'Interna', urlN8N: url });
        expect([integration.statusCode, integration.json().error], url).toEqual([400, 'ERR_INTEGRATION_URL_NOT_ALLOWED']);
      }
      // The same forms carrying a public address are kept (saving dials nothing).
      const outside = await send('/queueIntegration', { type: 'webhook', name: 'Externa', urlN8N: 'http://[2002:808:808::1]/h' });
      expect(outside.statusCode, outside.body).toBe(201);
    } finally {
      ctx.webhooks.allowPrivateUrls = true;
      ctx.outbound.allowPrivateUrls = true;
    }
  });
});

describe('redirects, with private URLs allowed', () => {
  it('the webhook and Typebot integrations treat a 3xx as a failure and never reach its Location', async () => {
    const before = hits.length;
    const webhook = await send('/queueIntegration/testSession', { type: 'webhook', urlN8N: `${base}/jump`, text: 'oi' });
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect(webhook.json()).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 302: redirects are not followed/) });
    const typebot = await send('/queueIntegration/testSession', { type: 'typebot', urlN8N: `${base}/jump`, typebotSlug: 'fluxo', text: 'oi' });
    expect(typebot.json()).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 302: redirects are not followed/) });
    expect(hits.slice(before).every((path) => path.startsWith('/jump'))).toBe(true);
    expect(hits.slice(before)).toHaveLength(2);
  });

  it('the webhook deliverer records the 3xx as a failed attempt without following it', async () => {
    const before = hits.length;
    const result = await createWebhookPoster({ allowPrivateUrls: true })(`${base}/jump`, '{}', {}, { timeoutMs: 5_000 });
    expect(result.status).toBe(302);
    expect(hits.slice(before)).toEqual(['/jump']);
  });
});
