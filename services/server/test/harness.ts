import type { BusMessage } from '@conversa/bus';
import { createLoginLimiter, execute } from '@conversa/api';
import { defaultUserDetails, streams, type UserDetails } from '@conversa/contracts';
import { systemActor, user, userEmail, userEmailStream, type ContactImportHooks } from '@conversa/core';
import type { ChannelGateway } from '@conversa/channels';
import { testDatabase } from '@conversa/testing/database';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { loggerOptions } from '../src/logging';
import { createProcessLogger } from '../src/process-log';
import { seed } from '../src/seed';
import { wire, type Wiring } from '../src/wiring';

export const ADMIN = { email: 'root@example.com', password: 'S3cret-pass' };

export interface TestServer {
  app: FastifyInstance;
  wiring: Wiring;
  /** Logs in and returns the access token and the refresh cookie. */
  login(email?: string, password?: string): Promise<{ token: string; cookie: string; body: any }>;
  /** http://127.0.0.1:<port> when listening. */
  url: string;
  close(): Promise<void>;
}

/** The real product on a fresh database: Postgres event store, projections, in-process bus, seed. */
export async function startTestServer(
  options: {
    listen?: boolean;
    serveUi?: boolean;
    loginLimits?: Parameters<typeof createLoginLimiter>[1];
    channels?: ChannelGateway;
    projectionWaitMs?: number;
    trustProxy?: string;
    env?: Record<string, string>;
    logger?: FastifyServerOptions['logger'];
    log?: Writable;
    logLevel?: string;
    contactImportHooks?: ContactImportHooks;
  } = {},
): Promise<TestServer> {
  const database = await testDatabase('api');
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-api-'));
  // Tests read right after they write: on a loaded machine the product's 5 s bound would make those reads flaky.
  const PROJECTION_WAIT_MS = String(options.projectionWaitMs ?? 60_000);
  const config = loadConfig(
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'test-secret-'.repeat(4),
      PROJECTION_WAIT_MS,
      ...(options.trustProxy ? { TRUST_PROXY: options.trustProxy } : {}),
      ...options.env,
    },
    dataDir,
  );
  // `log`: the product's real loggers (the process's and fastify's), JSON lines into that stream;
  // `logLevel` the process logger's level (default info; debug adds a line for each event a projector applies).
  const wiring = await wire(config, {
    runProjections: true,
    channels: options.channels,
    contactImportHooks: options.contactImportHooks,
    ...(options.log ? { logger: createProcessLogger('json', options.logLevel ?? 'info', options.log) } : {}),
  });
  // A reactor that starts from now takes the head at its first lease: what a test does before then would pass it by.
  await reactorsFromNowRunning(wiring);
  wiring.ctx.loginLimiter = createLoginLimiter(
    wiring.ctx.limits,
    options.loginLimits ?? { attemptsPerAddress: 10_000, freeFailures: 1_000, failuresPerAddress: 10_000 },
  );
  await seed(wiring.ctx, config);
  if (options.serveUi && !existsSync(join(config.uiDir, 'index.html')))
    throw new Error(`No built UI in ${config.uiDir}: run the root test script, which builds it first`);
  const { app } = await buildHttp(wiring, {
    serveUi: options.serveUi ?? false,
    edge: true,
    projections: true,
    checkAnswers: true,
    logger: options.log ? loggerOptions('json', 'info', options.log) : options.logger,
  });
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();

  const address = app.server.address();
  return {
    app,
    wiring,
    url: address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : '',
    async login(email = ADMIN.email, password = ADMIN.password) {
      const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'jrt');
      return { token: response.json().token, cookie: `jrt=${cookie!.value}`, body: response.json() };
    },
    async close() {
      await app.close();
      await wiring.close();
      await database.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A valid CPF for signups (check digits computed, not hard-coded). */
export function cpf(seed: number): string {
  const base = String(100_000_000 + (seed % 899_999_999))
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

/** Registers a company through the public signup and returns its admin's credentials. */
export async function signupCompany(server: TestServer, name: string, seedNumber: number) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`;
  const password = 'Abcdefgh1';
  const response = await server.app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { name: `${name} Admin`, companyName: name, email, password, phone: '11987654321', document: cpf(seedNumber), planId: 1, termo: true },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { email, password, ...(response.json() as { companyId: number; userId: number }) };
}

/**
 * Waits until the reactors (the bot, the attendant's greetings, the sender) and the read models
 * have caught up with everything stored, including what the reactors appended meanwhile.
 */
async function reactorsFromNowRunning(wiring: Wiring): Promise<void> {
  const fromNow = new Set(wiring.reactors.projectors.filter((projector) => projector.startFrom === 'now').map((projector) => projector.name));
  const deadline = Date.now() + 60_000;
  while (wiring.reactors.status().some((status) => fromNow.has(status.name) && status.state !== 'running')) {
    if (Date.now() > deadline) throw new Error(`reactors ${[...fromNow].join(', ')} did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function settle(server: TestServer): Promise<void> {
  const { store, reactors, runtime } = server.wiring;
  for (let round = 0; round < 20; round++) {
    const head = await store.headPosition();
    if (!head) return;
    await reactors.waitForPosition(head, { signal: AbortSignal.timeout(10_000) });
    await runtime.waitForPosition(head, { signal: AbortSignal.timeout(10_000) });
    const after = await store.headPosition();
    if (after && after.commit === head.commit && after.prepare === head.prepare) return;
  }
  throw new Error('the reactors kept appending');
}

/** A user of a company created as the product does (a command, then its read model), logged in. */
export async function createUser(server: TestServer, companyId: number, name: string, details: Partial<Omit<UserDetails, 'name' | 'email'>> = {}) {
  const ctx = server.wiring.ctx;
  const userId = await ctx.ids.next('user');
  const email = `${name.toLowerCase().replace(/\W/g, '')}${userId}@example.com`;
  await execute(ctx, {
    decider: userEmail,
    streamId: userEmailStream(email),
    command: { type: 'ClaimUserEmail', email, userId },
    companyId,
    actor: systemActor,
  });
  await execute(ctx, {
    decider: user,
    streamId: streams.user(userId),
    command: {
      type: 'CreateUser',
      userId,
      companyId,
      details: { ...defaultUserDetails, name, email, ...details },
      passwordHash: await ctx.hashPassword('Secret-123'),
    },
    companyId,
    actor: systemActor,
  });
  return { userId, email, token: (await server.login(email, 'Secret-123')).token };
}

/** A webhook integration and an AI prompt (on a queue of its own) of the caller's company, for tests that bind them. */
export async function ownBotLinks(server: TestServer, token: string): Promise<{ integrationId: number; promptId: number }> {
  const post = async (url: string, payload: object) => {
    const response = await server.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number };
  };
  const integration = await post('/queueIntegration', { type: 'webhook', name: 'Pedidos', urlN8N: 'http://127.0.0.1:1/hook' });
  const queue = await post('/queue', { name: 'Assistente', color: '#0a0b0c', greetingMessage: 'Olá' });
  const prompt = await post('/prompt', { name: 'Assistente', apiKey: 'sk-test-000000', prompt: 'Você atende a loja.', queueId: queue.id });
  return { integrationId: integration.id, promptId: prompt.id };
}

/** A company's frames of one entity on the bus, from now on; `next` resolves on the first (past or coming) that matches. */
export async function busFrames(server: TestServer, companyId: number, entity: string) {
  const frames: any[] = [];
  const waiters: { predicate: (frame: any) => boolean; resolve: (frame: any) => void }[] = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.${entity}`, (message: BusMessage) => {
    frames.push(message.data);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message.data)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message.data);
      }
    }
  });
  return {
    frames,
    next(predicate: (frame: any) => boolean): Promise<any> {
      const seen = frames.find(predicate);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    stop: () => subscription.unsubscribe(),
  };
}

/** A stream for startTestServer's `log`, keeping each JSON line the product writes, parsed. */
export function logCapture(): { stream: Writable; lines: string[]; entries(): Array<{ msg: string; [field: string]: any }> } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line.length > 0),
      );
      callback();
    },
  });
  return { stream, lines, entries: () => lines.map((line) => JSON.parse(line)) };
}
