import { createWebhookDeliverer, createWebhookPoster, type WebhookDeliverer } from '@conversa/automation';
import { WEBHOOK_PAUSE_AFTER_MS } from '@conversa/contracts';
import { type ChildProcess, spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import pino from 'pino';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';
import { freePort, startReceiver, verifySignature, verifyStandard, type ReceivedDelivery } from './webhook-receiver';

let server: TestServer;
let companyA: { token: string; companyId: number };
let companyB: { token: string; companyId: number };
const SECRET_KEY = 'webhook-test-key';

beforeAll(async () => {
  server = await startTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_SECRET_KEY: SECRET_KEY } });
  const a = await signupCompany(server, 'Hooks A', 61);
  const b = await signupCompany(server, 'Hooks B', 62);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newWebhook(url: string, events: string[] = ['contact.created'], token = companyA.token) {
  const response = await call(token, 'POST', '/webhooks', { url, events, description: 'CRM' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string; url: string; events: string[]; active: boolean };
}

let nextNumber = 81_000_000;
async function newContact(name: string, token = companyA.token): Promise<number> {
  const response = await call(token, 'POST', '/contacts', { name, number: `55219${++nextNumber}` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A deliverer with a fast clock for retries: the product's schedule (5 s, 30 s …) scaled to milliseconds. */
let deliverer: WebhookDeliverer | undefined;
function startDeliverer(options: { backoffMs?: number[]; timeoutMs?: number; now?: () => Date; giveUpAfterMs?: number; logger?: pino.Logger } = {}) {
  const { wiring } = server;
  deliverer = createWebhookDeliverer({
    db: wiring.db,
    ctx: wiring.ctx,
    secrets: wiring.ctx.webhooks.secrets,
    connectionString: wiring.databaseUrl,
    post: createWebhookPoster({ allowPrivateUrls: true }),
    now: options.now ?? (() => new Date()),
    backoffMs: options.backoffMs ?? [50, 50, 50],
    repeatMs: 50,
    timeoutMs: options.timeoutMs ?? 5_000,
    pollMs: 20,
    ...(options.giveUpAfterMs ? { giveUpAfterMs: options.giveUpAfterMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  deliverer.start();
  return deliverer;
}
afterEach(async () => {
  await deliverer?.stop();
  deliverer = undefined;
});

/** Every delivery as an integrator checks it: the Standard Webhooks verifier accepts it with the secret shown, and the headers are the spec's. */
function expectStandardSigned(secret: string, deliveries: readonly ReceivedDelivery[]) {
  expect(deliveries.length).toBeGreaterThan(0);
  for (const delivery of deliveries) {
    expect(verifyStandard(secret, delivery), delivery.body).toBe(true);
    expect(delivery.headers['webhook-id']).toBe(delivery.headers['x-conversa-delivery']);
    expect(delivery.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(delivery.headers['x-conversa-event']).toBe(delivery.json.event);
  }
}

const deliveriesOf = async (webhookId: number) => (await call(companyA.token, 'GET', `/webhooks/${webhookId}/deliveries`)).json().deliveries as any[];

describe('webhook endpoints', () => {
  it('shows the secret on creation and rotation only', async () => {
    const created = await newWebhook('http://127.0.0.1:9/a', ['ticket.created', 'contact.created']);
    expect(created).toMatchObject({ events: ['ticket.created', 'contact.created'], active: true, description: 'CRM' });
    expect(created.secret).toMatch(/^whsec_/);
    const list = (await call(companyA.token, 'GET', '/webhooks')).json();
    expect(list.find((w: any) => w.id === created.id)).not.toHaveProperty('secret');
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const rotated = await call(companyA.token, 'POST', `/webhooks/${created.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
    // Neither the log nor the read table holds it in clear.
    const row = await server.wiring.db.selectFrom('read.webhooks').select('secret').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(rotated.json().secret);
    expect(server.wiring.ctx.webhooks.secrets.open(row.secret)).toBe(rotated.json().secret);

    const changed = await call(companyA.token, 'PUT', `/webhooks/${created.id}`, { active: false, events: ['*'] });
    expect(changed.json()).toMatchObject({ active: false, events: ['*'] });
    expect((await call(companyA.token, 'DELETE', `/webhooks/${created.id}`)).statusCode).toBe(200);
    expect((await call(companyA.token, 'GET', '/webhooks')).json().some((w: any) => w.id === created.id)).toBe(false);
  });

  it('refuses unknown events, bad addresses, other companies and non-admins', async () => {
    const unknown = await call(companyA.token, 'POST', '/webhooks', { url: 'https://example.com/h', events: ['ticket.exploded'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('ERR_VALIDATION');
    for (const url of ['ftp://example.com/h', 'not a url', 'https://user:pw@example.com/h']) {
      expect((await call(companyA.token, 'POST', '/webhooks', { url, events: ['*'] })).statusCode, url).toBe(400);
    }
    // Private, loopback and link-local addresses, literally or after DNS, unless WEBHOOKS_ALLOW_PRIVATE_URLS=true.
    server.wiring.ctx.webhooks.allowPrivateUrls = false;
    try {
      for (const url of ['http://127.0.0.1:8080/h', 'http://10.1.2.3/h', 'http://169.254.169.254/latest', 'http://[::1]/h', 'http://localhost:3000/h']) {
        const refused = await call(companyA.token, 'POST', '/webhooks', { url, events: ['*'] });
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().error, url).toBe('ERR_WEBHOOK_URL_REFUSED');
      }
    } finally {
      server.wiring.ctx.webhooks.allowPrivateUrls = true;
    }

    const theirs = await newWebhook('http://127.0.0.1:9/b', ['*'], companyB.token);
    for (const [method, url] of [
      ['PUT', `/webhooks/${theirs.id}`],
      ['DELETE', `/webhooks/${theirs.id}`],
      ['POST', `/webhooks/${theirs.id}/rotate-secret`],
      ['GET', `/webhooks/${theirs.id}/deliveries`],
      ['GET', `/webhooks/${theirs.id}/deliveries/00000000-0000-4000-8000-000000000000`],
      ['POST', `/webhooks/${theirs.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`],
    ] as const) {
      const response = await call(companyA.token, method, url, method === 'PUT' ? { active: false } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const plain = await createUser(server, companyA.companyId, 'Plain Hook User');
    expect((await call(plain.token, 'GET', '/webhooks')).statusCode).toBe(403);
  });

  it('refuses a private address at connect time, after DNS', async () => {
    const post = createWebhookPoster({ allowPrivateUrls: false });
    const result = await post('http://localhost:9/h', '{}', {}, { timeoutMs: 2_000 });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/address refused/);
  });
});

describe('the deliverer', () => {
  it('signs each delivery; 500 twice then 200 is one delivery id in three attempts', async () => {
    let calls = 0;
    const receiver = await startReceiver({ answer: (_d, response) => response.writeHead(++calls <= 2 ? 500 : 200).end(calls <= 2 ? 'boom' : 'thanks') });
    const hook = await newWebhook(receiver.url);
    startDeliverer();
    const contactId = await newContact('Signed Contact');
    await receiver.until(3);
    const [first, second, third] = receiver.received;
    for (const delivery of [first!, second!, third!]) expect(verifySignature(hook.secret, delivery)).toBe(true);
    expectStandardSigned(hook.secret, receiver.received);
    expect(verifyStandard('whsec_' + Buffer.alloc(32, 7).toString('base64'), first!)).toBe(false);
    // A body changed on the way, or the id of another delivery, no longer verifies.
    expect(verifyStandard(hook.secret, { ...first!, body: first!.body.replace('Signed', 'Forged') })).toBe(false);
    expect(verifyStandard(hook.secret, { ...first!, headers: { ...first!.headers, 'webhook-id': '00000000-0000-4000-8000-000000000000' } })).toBe(false);
    expect(new Set(receiver.received.map((d) => d.headers['x-conversa-delivery'])).size).toBe(1);
    expect(first!.headers['x-conversa-event']).toBe('contact.created');
    expect(first!.json).toMatchObject({ event: 'contact.created', companyId: companyA.companyId, data: { contactId, name: 'Signed Contact' } });
    expect(Object.keys(first!.json).sort()).toEqual(['companyId', 'data', 'event', 'id', 'occurredAt']);
    expect(verifySignature('whsec_wrong', first!)).toBe(false);

    await expect.poll(async () => (await deliveriesOf(hook.id))[0]?.status).toBe('delivered');
    const [listed] = await deliveriesOf(hook.id);
    expect(listed).toMatchObject({ id: first!.headers['x-conversa-delivery'], event: 'contact.created', attempts: 3, responseStatus: 200 });
    const detail = (await call(companyA.token, 'GET', `/webhooks/${hook.id}/deliveries/${listed.id}`)).json();
    expect(detail).toMatchObject({ requestBody: first!.body, responseBody: 'thanks' });

    // Redelivery: the same id again, from the deliverer.
    expect((await call(companyA.token, 'POST', `/webhooks/${hook.id}/deliveries/${listed.id}/redeliver`)).statusCode).toBe(202);
    await receiver.until(4);
    expect(receiver.received[3]!.headers['x-conversa-delivery']).toBe(listed.id);
    expectStandardSigned(hook.secret, receiver.received);
    await call(companyA.token, 'DELETE', `/webhooks/${hook.id}`);
    await receiver.close();
  });

  it('loses nothing while the receiver is down, and keeps the order per endpoint', async () => {
    const port = await freePort();
    const hook = await newWebhook(`http://127.0.0.1:${port}/hook`);
    startDeliverer({ backoffMs: [30, 60, 120] });
    const names = ['Order 1', 'Order 2', 'Order 3', 'Order 4', 'Order 5'];
    for (const name of names) await newContact(name);
    await settle(server);
    await expect.poll(async () => (await deliveriesOf(hook.id)).filter((d) => d.attempts > 0).length).toBeGreaterThan(0);
    const receiver = await startReceiver({ port });
    await receiver.until(names.length);
    expect(receiver.received.map((d) => d.json.data.name)).toEqual(names);
    expectStandardSigned(hook.secret, receiver.received);
    await expect.poll(async () => (await deliveriesOf(hook.id)).every((d) => d.status === 'delivered')).toBe(true);
    await call(companyA.token, 'DELETE', `/webhooks/${hook.id}`);
    await receiver.close();
  });

  it('a hung endpoint does not hold another; a delivery past its deadline fails and flags its endpoint', async () => {
    const hung = await startReceiver({ answer: () => undefined });
    const quick = await startReceiver();
    const slowHook = await newWebhook(hung.url);
    const quickHook = await newWebhook(quick.url);
    startDeliverer({ timeoutMs: 1_500, backoffMs: [60_000] });
    const startedAt = performance.now();
    await newContact('Both Endpoints');
    await quick.until(1);
    expect(quick.received[0]!.at - startedAt).toBeLessThan(1_500);
    await hung.until(1);
    await expect.poll(async () => (await deliveriesOf(slowHook.id))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    // Past its deadline, the next failure gives up and flags the endpoint.
    await server.wiring.db
      .updateTable('webhooks.deliveries')
      .set({ deadline_at: new Date(0), next_attempt_at: new Date(0) })
      .where('webhook_id', '=', slowHook.id)
      .execute();
    deliverer!.wake();
    await expect.poll(async () => (await deliveriesOf(slowHook.id))[0]?.status, { timeout: 10_000 }).toBe('failed');
    await expect
      .poll(async () => (await call(companyA.token, 'GET', '/webhooks')).json().find((w: any) => w.id === slowHook.id)?.flagged, { timeout: 10_000 })
      .toBe(true);
    // Editing the endpoint clears the flag.
    expect((await call(companyA.token, 'PUT', `/webhooks/${slowHook.id}`, { description: 'fixed' })).json().flagged).toBe(false);
    for (const id of [slowHook.id, quickHook.id]) await call(companyA.token, 'DELETE', `/webhooks/${id}`);
    await hung.close();
    await quick.close();
  });
});

describe('Standard Webhooks and order', () => {
  it('an endpoint whose secret predates the standard form keeps both signatures: the legacy header as before, the standard one once the secret is spelt in base64', async () => {
    const receiver = await startReceiver();
    const hook = await newWebhook(receiver.url);
    // A secret as they were issued before: base64url without padding, with both url-safe characters.
    const legacy = `whsec_-_${Buffer.alloc(30, 0xfb).toString('base64url')}A`;
    await server.wiring.db
      .updateTable('read.webhooks')
      .set({ secret: server.wiring.ctx.webhooks.secrets.seal(legacy) })
      .where('id', '=', hook.id)
      .execute();
    startDeliverer();
    await newContact('Legacy Secret');
    await receiver.until(1);
    const [delivery] = receiver.received;
    expect(verifySignature(legacy, delivery!)).toBe(true);
    expect(verifyStandard(legacy, delivery!)).toBe(false);
    // docs/webhooks.md: the same key in standard base64.
    const key = legacy.slice('whsec_'.length);
    const standard = `whsec_${key.replace(/-/g, '+').replace(/_/g, '/')}${'='.repeat((4 - (key.length % 4)) % 4)}`;
    expectStandardSigned(standard, receiver.received);
    await call(companyA.token, 'DELETE', `/webhooks/${hook.id}`);
    await receiver.close();
  });

  it('redelivering the stuck head keeps it ahead of the deliveries behind it, which show when they are really due', async () => {
    let calls = 0;
    const receiver = await startReceiver({ answer: (_d, response) => response.writeHead(++calls === 1 ? 503 : 200).end() });
    const hook = await newWebhook(receiver.url, ['contact.created', 'contact.updated']);
    startDeliverer({ backoffMs: [3_600_000] });
    const contactId = await newContact('First Of Two');
    await receiver.until(1);
    expect((await call(companyA.token, 'PUT', `/contacts/${contactId}`, { name: 'Second Of Two' })).statusCode).toBe(200);
    await settle(server);
    const [behind, head] = await deliveriesOf(hook.id);
    expect(head).toMatchObject({ event: 'contact.created', status: 'pending', attempts: 1, blocked: false });
    expect(Date.parse(head.nextAttemptAt) - Date.parse(head.lastAttemptAt)).toBe(3_600_000);
    // Blocked behind the head: due no sooner than the head, not at its creation.
    expect(behind).toMatchObject({ event: 'contact.updated', status: 'pending', attempts: 0, blocked: true, nextAttemptAt: head.nextAttemptAt });
    expect(behind.nextAttemptAt).not.toBe(behind.createdAt);

    expect((await call(companyA.token, 'POST', `/webhooks/${hook.id}/deliveries/${head.id}/redeliver`)).statusCode).toBe(202);
    await receiver.until(3);
    expect(receiver.received.map((d) => d.json.event)).toEqual(['contact.created', 'contact.created', 'contact.updated']);
    expectStandardSigned(hook.secret, receiver.received);
    await expect
      .poll(async () => (await deliveriesOf(hook.id)).map((d) => [d.status, d.nextAttemptAt, d.blocked]))
      .toEqual([
        ['delivered', null, false],
        ['delivered', null, false],
      ]);
    await call(companyA.token, 'DELETE', `/webhooks/${hook.id}`);
    await receiver.close();
  });

  it('an endpoint failing for three days is paused with its queue kept; "resume now" sends the head at once and the rest in order; every failed attempt is one JSON line', async () => {
    let up = false;
    const receiver = await startReceiver({ answer: (_d, response) => response.writeHead(up ? 204 : 500).end(up ? undefined : 'down') });
    const hook = await newWebhook(receiver.url);
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
    let skew = 0;
    startDeliverer({
      backoffMs: [3_600_000],
      giveUpAfterMs: 7 * 86_400_000,
      now: () => new Date(Date.now() + skew),
      logger: pino({ base: undefined }, sink).child({ component: 'webhooks' }),
    });
    await newContact('Paused First');
    await newContact('Paused Second');
    await receiver.until(1);
    // The first failure recorded (on the true clock) before the clock moves.
    await expect.poll(async () => (await deliveriesOf(hook.id)).some((d) => d.attempts === 1)).toBe(true);
    // Three days later the head is due again and fails again: the endpoint is paused, nothing given up.
    skew = WEBHOOK_PAUSE_AFTER_MS;
    deliverer!.wake();
    await receiver.until(2);
    await expect
      .poll(async () => (await call(companyA.token, 'GET', '/webhooks')).json().find((w: any) => w.id === hook.id)?.pausedAt, { timeout: 10_000 })
      .not.toBeNull();
    const paused = (await call(companyA.token, 'GET', '/webhooks')).json().find((w: any) => w.id === hook.id);
    expect(paused).toMatchObject({ active: true, pauseReason: 'HTTP 500' });
    skew = 0;
    const held = await deliveriesOf(hook.id);
    expect(held.map((d) => [d.status, d.nextAttemptAt])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);
    // Paused, even a due head is not sent: another endpoint served after it was due shows the deliverer went by it.
    await server.wiring.db
      .updateTable('webhooks.deliveries')
      .set({ next_attempt_at: new Date(0) })
      .where('webhook_id', '=', hook.id)
      .execute();
    const other = await startReceiver();
    const otherHook = await newWebhook(other.url);
    await newContact('Paused Third');
    await other.until(1);
    expect(receiver.received).toHaveLength(2);

    up = true;
    const resumed = await call(companyA.token, 'POST', `/webhooks/${hook.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ id: hook.id, pausedAt: null, pauseReason: null, flagged: false });
    await receiver.until(5);
    expect(receiver.received.map((d) => d.json.data.name)).toEqual(['Paused First', 'Paused First', 'Paused First', 'Paused Second', 'Paused Third']);
    // The second was signed on the clock moved three days on: the verifier rightly calls its timestamp too new.
    expect(verifyStandard(hook.secret, receiver.received[1]!)).toBe(false);
    expectStandardSigned(hook.secret, [receiver.received[0]!, ...receiver.received.slice(2)]);
    await expect.poll(async () => (await deliveriesOf(hook.id)).every((d) => d.status === 'delivered')).toBe(true);

    const failures = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'webhook delivery attempt failed');
    expect(failures).toEqual([
      expect.objectContaining({
        level: 40,
        component: 'webhooks',
        webhookId: hook.id,
        deliveryId: receiver.received[0]!.headers['webhook-id'],
        status: 500,
        attempt: 1,
        outcome: 'retry',
        nextAttemptAt: expect.any(String),
      }),
      expect.objectContaining({ component: 'webhooks', webhookId: hook.id, status: 500, attempt: 2 }),
    ]);
    expect(lines.some((line) => JSON.parse(line).msg === 'webhook endpoint paused: failing too long')).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(hook.secret.slice(6));
      expect(line).not.toContain('Paused First');
    }
    // Switched off, it cannot be resumed: it has no queue left.
    await call(companyA.token, 'PUT', `/webhooks/${hook.id}`, { active: false });
    const refused = await call(companyA.token, 'POST', `/webhooks/${hook.id}/resume`);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'ERR_WEBHOOK_INACTIVE']);
    expect((await call(companyB.token, 'POST', `/webhooks/${hook.id}/resume`)).statusCode).toBe(404);
    for (const id of [hook.id, otherHook.id]) await call(companyA.token, 'DELETE', `/webhooks/${id}`);
    await receiver.close();
    await other.close();
  });
});

describe('correlation', () => {
  it('carries the request id into the events it appends and onto the webhook they cause', async () => {
    const receiver = await startReceiver();
    const hook = await newWebhook(receiver.url);
    startDeliverer();
    const response = await server.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: { ...bearer(companyA.token), 'x-request-id': 'req-corr-000123' },
      payload: { name: 'Correlated', number: '5511922221111' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-request-id']).toBe('req-corr-000123');
    const [created] = await server.wiring.store.readStream(`contact-${response.json().id}`);
    expect(created!.metadata.correlationId).toBe('req-corr-000123');
    await receiver.until(1);
    expect(receiver.received[0]!.headers['x-conversa-correlation']).toBe('req-corr-000123');
    expectStandardSigned(hook.secret, receiver.received);
    await call(companyA.token, 'DELETE', `/webhooks/${hook.id}`);
    await receiver.close();
  });
});

describe('kill -9 mid-delivery', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('a deliverer killed while its POST is in flight leaves the delivery to the next one, same id', async () => {
    let first = true;
    const receiver = await startReceiver({
      // The first POST never gets an answer: the process that sent it dies waiting.
      answer: (_d, response) => {
        if (first) first = false;
        else response.writeHead(200).end('ok');
      },
    });
    const hook = await newWebhook(receiver.url);
    const script = fileURLToPath(new URL('./fixtures/webhook-deliverer.ts', import.meta.url));
    // `node --import tsx`, not the tsx binary: that one forks, and SIGKILL would only reach the wrapper.
    child = spawn(process.execPath, ['--import', 'tsx', script, server.wiring.databaseUrl, SECRET_KEY], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('leading') && resolve());
      child!.once('exit', (code) => reject(new Error(`the deliverer process exited (${code})`)));
    });
    const standby = startDeliverer();
    await newContact('Killed Mid Delivery');
    await newContact('After The Kill');
    await receiver.until(1);
    child.kill('SIGKILL');
    await exited;
    await standby.whenLeading();
    await receiver.until(3);
    const ids = receiver.received.map((d) => d.headers['x-conversa-delivery']);
    expect(ids[1]).toBe(ids[0]);
    expect(receiver.received.map((d) => d.json.data.name)).toEqual(['Killed Mid Delivery', 'Killed Mid Delivery', 'After The Kill']);
    await expect.poll(async () => (await deliveriesOf(hook.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
    await call(companyA.token, 'DELETE', `/webhooks/${hook.id}`);
    await receiver.close();
  });
});
