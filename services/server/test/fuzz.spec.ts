import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonValue, rawBody, requestFor, slotsOf, urlValue, type FuzzRequest, type Targets } from './fuzz-cases';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The hardening fuzz: every registered route gets requests with one spoiled place (huge or negative
 * numbers, NUL, lone surrogates, impossible dates, wrong types, bad JSON, bad multipart). No answer
 * may be ≥ 500, none may hang, the records made before stay as they were, and /health stays 200
 * (an appended event its projector cannot apply would make it 503).
 */
// FUZZ_RUNS / FUZZ_SEED / FUZZ_BUDGET_MS / FUZZ_ANSWER_TIMEOUT_MS tune a run by hand (e.g. to measure an unhardened build, whose stuck projectors slow every write).
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_500);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 240_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const ANSWER_TIMEOUT_MS = Number(process.env.FUZZ_ANSWER_TIMEOUT_MS ?? 8_000);
const PROGRESS = Number(process.env.FUZZ_PROGRESS ?? 0);

let server: TestServer;
let token: string;
let targets: Targets;
let witness: { contactId: number; ticketId: number; userId: number };

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Fuzz Company', 31);
  token = (await server.login(company.email, company.password)).token;
  targets = await makeTargets(company.companyId, company.userId);
  witness = await makeWitness();
}, 60_000);
afterAll(() => server?.close());

describe('hardening fuzz', () => {
  it(
    'answers every hostile request with a 4xx, within a bound, changing nothing it should not',
    async () => {
      const rootToken = (await server.login()).token;
      const before = await witnessRows();
      const routes = server.app.routeTable.filter(
        (route) => route.url !== '/*' && route.url !== '/socket' && `${route.method} ${route.url}` !== 'DELETE /auth/logout',
      );
      const slots = slotsOf(routes, targets);
      const cases = fc.sample(fc.tuple(fc.constantFrom(...slots), jsonValue, urlValue, rawBody), { numRuns: RUNS, seed: SEED });
      // Every slot once with the sharpest values, then the drawn cases.
      const requests: FuzzRequest[] = [
        ...slots.map((slot) => requestFor(slot, 99_999_999_999, '99999999999', { contentType: 'multipart/form-data', payload: 'x' }, targets)),
        ...slots.map((slot) => requestFor(slot, 'Ana\u0000Souza', 'a%00b', { contentType: 'application/json', payload: '{"a":' }, targets)),
        ...cases.map(([slot, json, inUrl, raw]) => requestFor(slot, json, inUrl, raw, targets)),
      ];

      const byClass: Record<string, number> = {};
      const failures: string[] = [];
      for (const request of requests) {
        // Super-only routes (plans, companies) are reached as root; every other as the company's admin.
        const auth = /^\/(plans|companies|helps)/.test(request.url) ? rootToken : token;
        const answer = await bounded(
          server.app.inject({ method: request.method as 'GET', url: request.url, headers: { ...request.headers, ...bearer(auth) }, payload: request.payload }),
        );
        const statusClass = answer === 'timeout' ? 'hang' : `${Math.floor(answer.statusCode / 100)}xx`;
        byClass[statusClass] = (byClass[statusClass] ?? 0) + 1;
        if (answer === 'timeout') failures.push(`hang: ${request.label}`);
        else if (answer.statusCode >= 500) failures.push(`${answer.statusCode}: ${request.label} → ${answer.body.slice(0, 200)}`);
        // FUZZ_PROGRESS=N prints the counts every N requests: a slow (unhardened) build still yields a figure.
        const sent = Object.values(byClass).reduce((sum, count) => sum + count, 0);
        if (PROGRESS > 0 && sent % PROGRESS === 0) console.log(`fuzz progress: ${sent}/${requests.length} ${JSON.stringify(byClass)}`);
      }
      // Bounded too: a projector stuck on a poison event never catches up, and /health then says so.
      await bounded(server.wiring.ctx.waitForProjections(await server.wiring.store.headPosition()));
      const health = await server.app.inject({ method: 'GET', url: '/health' });
      console.log(
        `fuzz: ${requests.length} requests over ${slots.length} slots of ${routes.length} routes; answers ${JSON.stringify(byClass)}; /health ${health.statusCode}`,
      );

      expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
      expect(await witnessRows()).toEqual(before);
      expect(health.statusCode, health.body).toBe(200);
    },
    BUDGET_MS,
  );
});

async function bounded<T>(promise: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function post(url: string, payload: object, auth = token) {
  const response = await server.app.inject({ method: 'POST', url, headers: bearer(auth), payload });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The records the fuzz aims its valid ids at (they may change: they are the fuzz's playground). */
async function makeTargets(companyId: number, userId: number): Promise<Targets> {
  const contact = await post('/contacts', { name: 'Target', number: '5511988880001' });
  const ticket = await post('/tickets', { contactId: contact.id, status: 'open' });
  await post(`/messages/${ticket.id}`, { body: 'target message' });
  const messages = (await server.app.inject({ method: 'GET', url: `/messages/${ticket.id}`, headers: bearer(token) })).json();
  const tag = await post('/tags', { name: 'Target tag', color: '#123456', kanban: 0 });
  const note = await post('/ticket-notes', { note: 'target note', ticketId: ticket.id, contactId: contact.id });
  const quickMessage = await post('/quick-messages', { shortcode: 'target', message: 'target quick' });
  const schedule = await post('/schedules', { body: 'target schedule', contactId: contact.id, sendAt: new Date(Date.now() + 86_400_000).toISOString() });
  const queue = await post('/queue', {
    name: 'Target queue',
    color: '#a1b2c3',
    chatbots: [{ name: 'Target option', queueType: 'text', greetingMessage: 'option' }],
  });
  const options = (await server.app.inject({ method: 'GET', url: `/chatbot?queueId=${queue.id}`, headers: bearer(token) })).json();
  const connection = await post('/whatsapp', { name: 'Target sandbox', channel: 'sandbox' });
  const media = await server.wiring.ctx.media.save({ companyId, data: Buffer.from('target file'), declaredMime: 'text/plain', originalName: 'target.txt' });
  return {
    companyId,
    userId,
    contactId: contact.id,
    contactNumber: contact.number,
    ticketId: ticket.id,
    ticketUuid: ticket.uuid,
    messageId: messages.messages[0].id,
    tagId: tag.id,
    noteId: note.id,
    quickMessageId: quickMessage.id,
    scheduleId: schedule.id,
    queueId: queue.id,
    chatbotId: options[0].id,
    connectionId: connection.id,
    mediaFile: media.url.split('/').pop()!,
  };
}

/**
 * Records no fuzz request names: they must come out exactly as they went in. The ticket waits
 * (pending) so that closing all open tickets, a valid act, does not touch it.
 */
async function makeWitness() {
  const contact = await post('/contacts', { name: 'Witness', number: '5511988880002' });
  const ticket = await post('/tickets', { contactId: contact.id, status: 'pending' });
  const user = await post('/users', { name: 'Witness User', email: 'witness-user@example.com', password: 'Witness-123' });
  return { contactId: contact.id as number, ticketId: ticket.id as number, userId: user.id as number };
}

async function witnessRows() {
  const db = server.wiring.db;
  const row = (table: 'read.contacts' | 'read.tickets' | 'read.users', id: number) =>
    db.selectFrom(table).selectAll().where(sql.ref('id'), '=', id).executeTakeFirst();
  return {
    contact: await row('read.contacts', witness.contactId),
    ticket: await row('read.tickets', witness.ticketId),
    user: await row('read.users', witness.userId),
  };
}
