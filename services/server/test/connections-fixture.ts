import type { BusMessage } from '@conversa/bus';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, cpf, startTestServer, type TestServer } from './harness';

/**
 * What the connections specs share: one server per spec file, companies A and B on their plans, the
 * root user's token, a frame waiter and helpers. Importing it registers the file's hooks.
 */
export let server: TestServer;
/** Company A on a small plan: 2 connections, no Facebook. */
export let a: { token: string; userId: number; companyId: number };
/** Company B on the same plan, for isolation checks. */
export let b: { token: string; userId: number; companyId: number };
export let rootToken: string;

export const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

export async function signupOnPlan(planId: number, name: string, seed: number) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`;
  const response = await server.app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { name: `${name} Admin`, companyName: name, email, password: 'Abcdefgh1', phone: '11987654321', document: cpf(seed), planId, termo: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { companyId, userId } = response.json();
  return { token: (await server.login(email, 'Abcdefgh1')).token, userId, companyId };
}

/** Frames the projector published for a company, as the edge would relay them. */
/** The company's frames as published; `next` waits for one (a projector publishes after its commit, the answer may come first). */
export async function framesOf(companyId: number) {
  const frames: BusMessage[] = [];
  const waiters: Array<{ predicate: (frame: BusMessage) => boolean; resolve: (frame: BusMessage) => void }> = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.>`, (message) => {
    frames.push(message);
    for (const waiter of waiters.filter((candidate) => candidate.predicate(message))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const next = (predicate: (frame: BusMessage) => boolean, timeoutMs = 5000) =>
    frames.find(predicate) ??
    new Promise<BusMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
      waiters.push({ predicate, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  return { frames, next, stop: () => subscription.unsubscribe() };
}

export async function create(token: string, payload: object) {
  const response = await call(token, 'POST', '/whatsapp', payload);
  return response;
}

export async function connections(token: string) {
  const response = await call(token, 'GET', '/whatsapp');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, any>>;
}

beforeAll(async () => {
  server = await startTestServer();
  rootToken = (await server.login()).token;
  const plan = await call(rootToken, 'POST', '/plans', {
    name: 'Duas conexões',
    users: 5,
    connections: 2,
    queues: 5,
    amount: '99.90',
    isPublic: true,
    useWhatsapp: true,
    useFacebook: false,
    useInstagram: true,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
  });
  expect(plan.statusCode, plan.body).toBe(201);
  a = await signupOnPlan(plan.json().id, 'Conexoes A', 61);
  b = await signupOnPlan(plan.json().id, 'Conexoes B', 62);
});
afterAll(() => server?.close());
