import { RecordingChannelGateway } from '@conversa/channels';
import { userActor } from '@conversa/api';
import { CreateQueueIntegrationRequest } from '@conversa/contracts';
import { BOT_MARK, BOT_TEXTS, ConnectorError, createQueueIntegration } from '@conversa/core';
import { answerOf, createGuardedFetch, createHttpConnectors } from '@conversa/routing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectorFakes, type ConnectorFakes } from './connector-fakes';
import { bearer, logCapture, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Without OUTBOUND_ALLOW_PRIVATE_URLS a company's integration URL (Typebot, n8n, webhook) may not lead
 * to a private, loopback or link-local address: refused at save, at the test session, and where the
 * connector dials (an integration saved while it was allowed). The fakes on 127.0.0.1 stand for an
 * internal service the company should not reach.
 */
let server: TestServer;
const log = logCapture();
let fakes: ConnectorFakes;
let gateway: RecordingChannelGateway;
let admin: { token: string; companyId: number; userId: number };

beforeAll(async () => {
  fakes = await startConnectorFakes();
  gateway = new RecordingChannelGateway();
  const { OUTBOUND_ALLOW_PRIVATE_URLS: _allowed, ...env } = fakes.env;
  server = await startTestServer({ channels: gateway, env, log: log.stream });
  const company = await signupCompany(server, 'Endereços', 981);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId, userId: company.userId };
});
afterAll(async () => {
  await server?.close();
  await fakes?.close();
});

const send = (method: 'POST' | 'PUT', url: string, payload: object) => server.app.inject({ method, url, headers: bearer(admin.token), payload });

describe('company URLs into private networks', () => {
  it('are refused at save and at the test session with ERR_INTEGRATION_URL_NOT_ALLOWED; a public address is kept', async () => {
    const port = new URL(fakes.url).port;
    for (const [type, urlN8N] of [
      ['n8n', `${fakes.url}/hooks/interno`],
      ['webhook', `http://localhost:${port}/hooks/interno`],
      ['typebot', 'http://169.254.169.254/latest/meta-data'],
      ['webhook', 'http://10.1.2.3/hook'],
      ['n8n', 'http://[::1]:5678/webhook/x'],
      ['webhook', 'http://[::ffff:192.168.0.10]/hook'],
    ] as const) {
      const saved = await send('POST', '/queueIntegration', { type, name: `Interna ${type}`, urlN8N, typebotSlug: 'fluxo' });
      expect(saved.statusCode, `${urlN8N}: ${saved.body}`).toBe(400);
      expect(saved.json().error).toBe('ERR_INTEGRATION_URL_NOT_ALLOWED');
      const tested = await send('POST', '/queueIntegration/testSession', { type, urlN8N, typebotSlug: 'fluxo', text: 'oi' });
      expect(tested.statusCode, tested.body).toBe(400);
      expect(tested.json().error).toBe('ERR_INTEGRATION_URL_NOT_ALLOWED');
    }
    // An address on the internet (written as an IP: no DNS needed; saving dials nothing) is accepted; moving it inside is not.
    // Documentation ranges (TEST-NET) are reserved, refused like the rest.
    const outside = await send('POST', '/queueIntegration', { type: 'webhook', name: 'Externa', urlN8N: 'http://8.8.8.8/hook' });
    expect(outside.statusCode, outside.body).toBe(201);
    const moved = await send('PUT', `/queueIntegration/${outside.json().id}`, { urlN8N: 'http://127.0.0.1:8080/hook' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe('ERR_INTEGRATION_URL_NOT_ALLOWED');
    expect(fakes.requests.filter((r) => r.path.startsWith('/hooks/interno'))).toEqual([]);
  });

  it('an integration saved while allowed is refused where the bot dials it: the ticket goes to a person, the reason logged', async () => {
    fakes.webhook('segredo', () => ({ text: 'não deveria responder' }));
    // Saved as it would have been with OUTBOUND_ALLOW_PRIVATE_URLS=true, before the operator turned it off.
    const integrationId = await createQueueIntegration(
      { ...server.wiring.ctx, outbound: { allowPrivateUrls: true } },
      {
        companyId: admin.companyId,
        actor: userActor(admin.userId),
        details: CreateQueueIntegrationRequest.parse({ type: 'n8n', name: 'Antiga', urlN8N: `${fakes.url}/hooks/segredo` }),
      },
    );
    await settle(server);
    const queue = await send('POST', '/queue', { name: 'Antiga', color: '#3a0001', greetingMessage: 'Fila Antiga.', integrationId });
    expect(queue.statusCode, queue.body).toBeLessThan(300);
    const line = await send('POST', '/whatsapp', { name: 'Sandbox endereço', channel: 'sandbox', queueIds: [queue.json().id] });
    expect(line.statusCode, line.body).toBeLessThan(300);
    const { id, token } = line.json();

    const said = await server.app.inject({
      method: 'POST',
      url: `/sandbox/${id}/messages`,
      headers: bearer(token),
      payload: { from: '5511940000001', name: 'Rita', body: 'oi' },
    });
    expect(said.statusCode, said.body).toBe(202);
    await settle(server);
    const { ticketId } = said.json();
    const journal = await server.wiring.store.readStream(`ticketbot-${ticketId}`);
    expect(journal.at(-1)).toMatchObject({ type: 'BotHandedOver', data: { reason: 'connectorFailed' } });
    expect(gateway.sent.filter((m) => m.contact.number === '5511940000001').map((m) => m.body.replaceAll(BOT_MARK, ''))).toEqual([BOT_TEXTS.handOver]);
    const logged = log.entries().find((entry) => entry.msg.startsWith('connectors: the connector failed'));
    expect(logged).toMatchObject({ level: 40, component: 'routing', ticketId, reason: 'webhook address' });
    expect(fakes.requests.filter((r) => r.path === '/hooks/segredo')).toEqual([]);
  });

  it('the adapters refuse the address they would dial; operator URLs (AI, Dialogflow, TTS) are not guarded', async () => {
    const guarded = createHttpConnectors({ timeoutMs: 2_000, aiApiUrl: fakes.env.AI_API_URL });
    const before = fakes.requests.length;
    const failure = async (promise: Promise<unknown>) =>
      (await promise.then(
        () => null,
        (e: unknown) => e,
      )) as ConnectorError;
    const port = new URL(fakes.url).port;
    // A host name resolving to loopback is refused after DNS, not only a literal address.
    const byName = await failure(guarded.typebot.startChat({ baseUrl: `http://localhost:${port}/typebot`, publicId: 'x', message: 'oi' }));
    expect(byName).toBeInstanceOf(ConnectorError);
    expect(byName).toMatchObject({ connector: 'typebot', reason: 'address' });
    const literal = await failure(
      guarded.webhook.post(`${fakes.url}/hooks/segredo`, {
        event: 'message',
        companyId: 1,
        ticket: { id: 1, uuid: 'u', status: 'pending', queueId: null },
        contact: { id: 1, name: 'R', number: '1' },
        message: { id: 'm', body: 'oi', mediaType: 'chat', fromMe: false },
        integration: { id: 1, name: 'n', type: 'webhook' },
      }),
    );
    expect(literal).toMatchObject({ connector: 'webhook', reason: 'address' });
    expect(fakes.requests.length).toBe(before);
    fakes.ai('sk-operator-url', () => 'Resposta');
    await expect(
      guarded.ai.complete({ apiKey: 'sk-operator-url', messages: [{ role: 'user', content: 'oi' }], temperature: 0.5, maxTokens: 50 }),
    ).resolves.toBe('Resposta');
  });

  it('the guarded client answers like fetch: status, headers, JSON, an empty 204, a timeout', async () => {
    // Only 127.0.0.1 passes here, standing for the internet; every other address is refused as usual.
    const guardedFetch = createGuardedFetch((address) => address !== '127.0.0.1');
    fakes.webhook('guardado', (body) => ({ json: { reply: `Eco: ${body.message.body}` } }));
    fakes.webhook('vazio', () => ({ status: 204, text: '' }));
    const post = (name: string, signal?: AbortSignal) =>
      guardedFetch(`${fakes.url}/hooks/${name}`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: { body: 'oi' }, ticket: { id: 1 }, contact: { number: '1' } }),
        ...(signal ? { signal } : {}),
      });
    const answered = await post('guardado');
    expect(answered.status).toBe(200);
    expect(answerOf(await answered.text(), answered.headers.get('content-type') ?? '')).toEqual({ replies: ['Eco: oi'], handOver: false });
    const empty = await post('vazio');
    expect([empty.status, await empty.text()]).toEqual([204, '']);
    fakes.slow('/hooks/guardado', 3_000);
    const late = await post('guardado', AbortSignal.timeout(200)).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(late?.name).toBe('TimeoutError');
    fakes.slow('/hooks/guardado', 0);
    // The same server by name, with its address refused: the lookup refuses it before any byte is sent.
    const before = fakes.requests.length;
    const port = new URL(fakes.url).port;
    const byName = await createGuardedFetch(() => true)(`http://localhost:${port}/hooks/guardado`, { body: '{}' }).then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(byName?.code).toBe('ERR_INTEGRATION_URL_NOT_ALLOWED');
    expect(fakes.requests.length).toBe(before);
    expect(fakes.violations).toEqual([]);
  });
});
