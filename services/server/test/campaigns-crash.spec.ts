import { campaignShippingsStream } from '@conversa/contracts';
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Exactly once across kill -9: a 2,000-contact campaign dispatched by one process, which is killed
 * mid-way; a standby process takes over the lease and finishes. Every contact receives the message
 * once (the sandbox's outbox is the phone), each is recorded delivered once, none is skipped.
 */
const CONTACTS = 2_000;
let server: TestServer;
const children: ChildProcess[] = [];
const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = fileURLToPath(new URL('./fixtures/campaign-worker.ts', import.meta.url));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await server?.close();
});

function worker(): { child: ChildProcess; leading: Promise<void>; exited: Promise<void> } {
  // `node --import tsx`, not the tsx binary: that one forks, and SIGKILL would only reach the wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', script, server.wiring.databaseUrl, server.wiring.config.secretsKey], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const leading = new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('leading') && resolve()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, leading, exited };
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('a dispatch process killed mid-campaign: the standby finishes it, nobody twice, nobody skipped', async () => {
  const company = await signupCompany(server, 'Crash Co', 91);
  const { token } = await server.login(company.email, company.password);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const sandbox = (await call('POST', '/whatsapp', { name: 'Sandbox', channel: 'sandbox' })).json();
  await call('POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
  const list = (await call('POST', '/contact-lists', { name: 'Dois mil' })).json();
  const numbers = Array.from({ length: CONTACTS }, (_, index) => String(5511930000000 + index));
  const boundary = 'crash-boundary';
  const csv = ['nome,numero', ...numbers.map((number, index) => `Contato ${index},${number}`)].join('\n');
  const uploaded = await server.app.inject({
    method: 'POST',
    url: `/contact-lists/${list.id}/upload`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.csv"\r\n\r\n`),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.json().added).toBe(CONTACTS);
  await settle(server);
  const campaign = (
    await call('POST', '/campaigns', {
      name: 'Crash',
      message1: 'Oferta para {firstName}',
      contactListId: list.id,
      whatsappId: String(sandbox.id),
      scheduledAt: new Date().toISOString(),
    })
  ).json();
  expect(campaign.status).toBe('PROGRAMADA');

  const sent = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from channels.sandbox_outbox where connection_id = ${sandbox.id}`.execute(server.wiring.db)).rows[0]!.n;
  const first = worker();
  await first.leading;
  const standby = worker();
  // Not a multiple of the batch (25): the kill likely lands while a batch is in flight, its outcomes not yet recorded.
  await waitFor(async () => (await sent()) >= 410, 120_000, 'the first process to send 410');
  first.child.kill('SIGKILL');
  await first.exited;
  const atKill = await sent();
  expect(atKill).toBeLessThan(CONTACTS);
  await standby.leading;
  await waitFor(async () => (await call('GET', `/campaigns/${campaign.id}`)).json().status === 'FINALIZADA', 180_000, 'the standby to finish the campaign');

  const rows = (
    await sql<{
      to_number: string;
      n: number;
    }>`select to_number, count(*)::int as n from channels.sandbox_outbox where connection_id = ${sandbox.id} group by to_number`.execute(server.wiring.db)
  ).rows;
  expect(rows.length).toBe(CONTACTS);
  expect(rows.filter((row) => row.n !== 1)).toEqual([]);
  expect(new Set(rows.map((row) => row.to_number))).toEqual(new Set(numbers));

  const events = await server.wiring.store.readStream(campaignShippingsStream(campaign.id));
  const delivered = new Map<number, number>();
  const attempts = new Map<number, number>();
  for (const event of events) {
    const itemId = (event.data as { itemId?: number }).itemId!;
    if (event.type === 'CampaignShippingDelivered') delivered.set(itemId, (delivered.get(itemId) ?? 0) + 1);
    if (event.type === 'CampaignShippingAttempted') attempts.set(itemId, (attempts.get(itemId) ?? 0) + 1);
  }
  expect(delivered.size).toBe(CONTACTS);
  expect([...delivered.values()].every((n) => n === 1)).toBe(true);
  const resent = [...attempts.values()].filter((n) => n > 1).length;
  // Only the batch in flight at the kill is attempted again (same message ids: the phone shows it once).
  expect(resent).toBeLessThanOrEqual(25);
  const report = (await call('GET', `/campaigns/${campaign.id}`)).json();
  expect(report.counts).toMatchObject({ planned: CONTACTS, delivered: CONTACTS, failed: 0 });
  console.log(JSON.stringify({ crash: { contacts: CONTACTS, sentAtKill: atKill, resentAfterKill: resent, outboxRows: rows.length, duplicates: 0 } }));
}, 300_000);
