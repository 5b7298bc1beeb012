/**
 * The product a bench measures, in the bench's own process: the embedded Postgres on a fresh data dir (a free
 * port), the projections and reactors, the seed's admin signed in, the HTTP stack answering fastify.inject (or
 * listening on a port). Every bench that drives the product starts it here, so a bench file holds what it measures.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../testing/src/postgres';
import { loadConfig, type Config } from '../../src/config';
import { buildHttp } from '../../src/http';
import { seed } from '../../src/seed';
import { wire, type WireOptions, type Wiring } from '../../src/wiring';

/** The seed's super admin in every bench (company 1). */
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'Bench-pass-1' };
export const BENCH_SECRETS = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, JWT_SECRET: 'bench-secret-'.repeat(4) };

export interface WiringOptions {
  /** Names the temporary data dir (conversa-bench-<name>-…). */
  name: string;
  /** A data dir to use and keep (the tickets bench's BENCH_DATA_DIR) instead of a temporary one. */
  dataDir?: string;
  /** Settings beside the bench's own (connector fakes, the payment provider, UI_DIR, tuning knobs). */
  env?: Record<string, string | undefined>;
  /** wire()'s options; runProjections defaults to true. */
  wire?: Partial<WireOptions>;
  /** false: no seed (a bench of the read models alone). */
  seed?: boolean;
}

export interface BenchWiring {
  dataDir: string;
  config: Config;
  wiring: Wiring;
  /** Stops what the bench started and removes the temporary data dir. */
  close(): Promise<void>;
}

/** The wiring alone, seeded: for benches that measure below the HTTP stack. */
export async function startWiring(options: WiringOptions): Promise<BenchWiring> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `conversa-bench-${options.name}-`));
  // The embedded Postgres reads its port from the process environment: a free one, beside other running instances.
  process.env.PG_PORT = String(await freePort());
  const config = loadConfig({ DATA_DIR: dataDir, PG_PORT: process.env.PG_PORT, ...BENCH_SECRETS, ...options.env }, dataDir);
  const wiring = await wire(config, { runProjections: true, ...options.wire });
  const close = async () => {
    await wiring.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.seed !== false) await seed(wiring.ctx, config);
    return { dataDir, config, wiring, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs `measure` on what was just started, and stops it whatever happened. */
export async function closing<T extends { close(): Promise<void> }, R>(started: T, measure: (started: T) => Promise<R>): Promise<R> {
  try {
    return await measure(started);
  } finally {
    await started.close();
  }
}

/** Starts the wiring, runs `measure` on it, and stops it whatever happened. */
export const withWiring = async <T>(options: WiringOptions, measure: (product: BenchWiring) => Promise<T>) => closing(await startWiring(options), measure);

export interface ProductOptions extends Omit<WiringOptions, 'seed'> {
  /** buildHttp's switches; projections follow wire's runProjections. */
  http?: { serveUi?: boolean; edge?: boolean };
  /** Listens on a free port of 127.0.0.1 (for a browser, a socket, a provider's webhook) besides answering inject. */
  listen?: boolean;
  /** Starts the channel sessions (the sandbox connection's among them). */
  sessions?: boolean;
}

/** Someone signed in: the token, as a header too, and who they are. */
export interface Signed {
  token: string;
  headers: { authorization: string };
  companyId: number;
  userId: number;
}

/** A sandbox connection: `deliver` posts an inbound message as the channel would (202 expected). */
export interface Sandbox {
  id: number;
  token: string;
  deliver(payload: object): Promise<{ id: string; ticketId: number; contactId: number; duplicate: boolean }>;
}

export interface Product extends BenchWiring {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> when listening. */
  url: string;
  port: number;
  admin: Signed;
  login(email: string, password: string): Promise<Signed>;
  /** An API call (inject) as the admin or as `token`; throws on a status ≥ 300. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string): Promise<any>;
  /** A new sandbox connection of the admin's company (or `token`'s). */
  addSandbox(options?: { name?: string; queueIds?: number[]; token?: string }): Promise<Sandbox>;
  /** `file` posted as a form's `file` field (multipart), as the screens upload spreadsheets; the answer as it came. */
  upload(url: string, file: Buffer, filename: string): Promise<{ statusCode: number; body: string; json(): any }>;
  /** A company through the public signup (a valid CPF from `seed`), its admin signed in. */
  signup(company: { name: string; companyName: string; email: string; seed: number }): Promise<Signed>;
}

export async function startProduct(options: ProductOptions): Promise<Product> {
  const base = await startWiring(options);
  const { wiring } = base;
  let app: FastifyInstance | null = null;
  const close = async () => {
    await app?.close();
    await base.close();
  };
  try {
    const projections = options.wire?.runProjections ?? true;
    app = (await buildHttp(wiring, { serveUi: options.http?.serveUi ?? false, edge: options.http?.edge ?? false, projections })).app;
    const started = app;
    let port = 0;
    if (options.listen) {
      await started.listen({ port: 0, host: '127.0.0.1' });
      const address = started.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      port = address.port;
    } else await started.ready();
    if (options.sessions) await wiring.sessions.start();

    const login = async (email: string, password: string): Promise<Signed> => {
      const answer = await started.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
      if (answer.statusCode !== 200) throw new Error(`login ${email}: ${answer.statusCode} ${answer.body}`);
      const { token, user } = answer.json() as { token: string; user: { id: number; companyId: number } };
      return { token, headers: { authorization: `Bearer ${token}` }, companyId: user.companyId, userId: user.id };
    };
    const admin = await login(BENCH_ADMIN.email, BENCH_ADMIN.password);
    const call: Product['call'] = async (method, url, payload, token = admin.token) => {
      const response = await started.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.body ? response.json() : undefined;
    };
    const addSandbox: Product['addSandbox'] = async ({ name = 'Bench sandbox', queueIds, token } = {}) => {
      const { id, token: connectionToken } = (await call('POST', '/whatsapp', { name, channel: 'sandbox', ...(queueIds ? { queueIds } : {}) }, token)) as {
        id: number;
        token: string;
      };
      const deliver = async (payload: object) => {
        const response = await started.inject({
          method: 'POST',
          url: `/sandbox/${id}/messages`,
          headers: { authorization: `Bearer ${connectionToken}` },
          payload,
        });
        if (response.statusCode !== 202) throw new Error(`deliver: ${response.statusCode} ${response.body}`);
        return response.json();
      };
      return { id, token: connectionToken, deliver };
    };
    const upload: Product['upload'] = (url, file, filename) => {
      const boundary = 'bench-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const headers = { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` };
      return started.inject({ method: 'POST', url, headers, payload });
    };
    const signup: Product['signup'] = async (company) => {
      const answer = await started.inject({ method: 'POST', url: '/auth/signup', payload: signupPayload(company) });
      if (answer.statusCode !== 201) throw new Error(`signup ${company.email}: ${answer.statusCode} ${answer.body}`);
      return login(company.email, SIGNUP_PASSWORD);
    };
    return { ...base, app: started, url: `http://127.0.0.1:${port}`, port, admin, login, call, addSandbox, upload, signup, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Starts the product, runs `measure` on it, and stops it whatever happened. */
export const withProduct = async <T>(options: ProductOptions, measure: (product: Product) => Promise<T>) => closing(await startProduct(options), measure);

/** The password of every company admin the benches sign up. */
export const SIGNUP_PASSWORD = 'Abcdefgh1';

/** POST /auth/signup's body for a company of the benches (fetch or inject). */
export const signupPayload = ({ name, companyName, email, seed }: { name: string; companyName: string; email: string; seed: number }) => ({
  name,
  companyName,
  email,
  password: SIGNUP_PASSWORD,
  phone: '11987654321',
  document: cpf(seed),
  planId: 1,
  termo: true,
});

/** A valid CPF from a seed (check digits computed), as signups require. */
export function cpf(seed: number): string {
  const base = String(100_000_000 + (seed % 899_999_999))
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => ((digits.reduce((sum, d, i) => sum + d * (digits.length + 1 - i), 0) * 10) % 11) % 10;
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}
