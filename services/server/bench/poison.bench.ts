/**
 * What a poisoned or stuck read model costs the other companies: `pnpm bench:poison`. The real
 * product (wiring, projections, HTTP through inject) on a throw-away embedded Postgres, with the
 * product's bound (PROJECTION_WAIT_MS, default 5000). Scenarios:
 *   baseline  nothing wrong
 *   parking   poison contact events (refused by a check constraint) appended among the requests, each parked
 *   stuck     the contacts projector cannot write (its table locked) with an event pending: before
 *             the bound, every write and login waited on it forever
 * Prints JSON lines: p50/p99 of logins (companies round robin) and of queue creations (a write
 * whose events the stuck read model does not handle); in `stuck`, the contact creations that do
 * wait on it (they answer at the bound).
 */
import { createLoginLimiter } from '@conversa/api';
import { projectors } from '@conversa/projections';
import { listParked } from '@conversa/platform';
import { sql } from 'kysely';
import pg from 'pg';
import { line, percentile } from './kit/measure';
import { SIGNUP_PASSWORD, startProduct } from './kit/product';

const LOGINS = Number(process.env.BENCH_LOGINS ?? 50);
const WRITES = Number(process.env.BENCH_WRITES ?? 20);

const product = await startProduct({ name: 'poison', env: { PROJECTION_WAIT_MS: process.env.PROJECTION_WAIT_MS } });
const { app, wiring, signup } = product;
// Hundreds of logins from one address: the throttle would answer 429, which is not what is measured.
wiring.ctx.loginLimiter = createLoginLimiter(wiring.ctx.limits, { attemptsPerAddress: 100_000, freeFailures: 1_000, failuresPerAddress: 100_000 });

const tenth = (value: number) => Math.round(value * 10) / 10;
const report = (name: string, scenario: string, values: number[]) =>
  line({ name, scenario, n: values.length, p50: tenth(percentile(values, 50)), p99: tenth(percentile(values, 99)), unit: 'ms' });

async function timed(request: () => Promise<{ statusCode: number; body: string }>, expected: number[]): Promise<number> {
  const started = performance.now();
  const response = await request();
  const ms = performance.now() - started;
  if (!expected.includes(response.statusCode)) throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
  return ms;
}

const companies: { email: string; token: string }[] = [];
for (let index = 0; index < 4; index++) {
  const email = `company${index}@example.com`;
  const { token } = await signup({ name: `Admin ${index}`, companyName: `Bench Co ${index}`, email, seed: 700 + index });
  companies.push({ email, token });
}
const login = (index: number) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: { email: companies[index % companies.length]!.email, password: SIGNUP_PASSWORD } });
const auth = (index: number) => ({ authorization: `Bearer ${companies[index % companies.length]!.token}` });
let seq = 0;
const newQueue = (index: number) =>
  app.inject({
    method: 'POST',
    url: '/queue',
    headers: auth(index),
    payload: { name: `Queue ${seq}`, color: `#${(0x200000 + seq++).toString(16)}`, greetingMessage: 'Oi' },
  });
const newContact = (index: number, name = `Contact ${seq}`) =>
  app.inject({ method: 'POST', url: '/contacts', headers: auth(index), payload: { name, number: String(5511_8000_0000 + seq++) } });

async function measure(scenario: string, between?: () => Promise<void>) {
  const logins: number[] = [];
  const queues: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    await between?.();
    // Company 0 is the poisoned one: the others are measured.
    logins.push(await timed(() => login(1 + (i % 3)), [200]));
  }
  for (let i = 0; i < WRITES; i++) queues.push(await timed(() => newQueue(1 + (i % 3)), [201]));
  report('login_ms', scenario, logins);
  report('queue_create_ms', scenario, queues);
}

try {
  for (let i = 0; i < 10; i++) await login(1); // warm-up
  await measure('baseline');

  await sql`alter table read.contacts add constraint bench_poison check (name not like 'Poison%')`.execute(wiring.db);
  let poisons = 0;
  await measure('parking', async () => {
    if (poisons >= LOGINS / 2) return;
    poisons += 1;
    // Through the API: the write answers after its projection parks it (its own read then misses it).
    await newContact(0, `Poison ${poisons}`);
  });
  const parked = (await listParked(wiring.db, 'contacts')).length;
  line({ name: 'parked_events', scenario: 'parking', value: parked, projectors: projectors.length });

  const blocker = new pg.Client({ connectionString: wiring.databaseUrl });
  await blocker.connect();
  await blocker.query('begin; lock table read.contacts in exclusive mode');
  const contactWrites: number[] = [];
  for (let i = 0; i < 3; i++) contactWrites.push(await timed(() => newContact(1 + i), [201, 404]));
  await measure('stuck');
  report('contact_create_ms', 'stuck', contactWrites);
  await blocker.query('rollback');
  await blocker.end();
} finally {
  await product.close();
}
