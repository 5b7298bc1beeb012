import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { serverBundle } from './cluster/bundle';
import { companyWithSandbox, deliver, http } from './cluster/clients';
import { type Cluster, startCluster, waitUntil } from './cluster/harness';

/**
 * Issue 36: kill -9 in the middle of an erasure, then a restart, completes it. The erasure is recorded
 * and the read models scrubbed while no reactor runs (the api and projector roles only), so the keys, the
 * file and the frames kept for resuming are certainly still there when those processes die with kill -9.
 * A reactors process is then killed with kill -9 as soon as it runs, mid-work or not. The roles started
 * again destroy the keys, delete the file, drop the frames and queue `contact.erased`, and afterwards the
 * marker is found in no table of any schema, nor in the media directory, and every hash chain verifies.
 */
const MARK = { name: 'Quitéria Queda', number: '5511955550101', body: 'Meu RG marcador 44.555.666-7', bytes: 'bytes-queda-zq' };
let cluster: Cluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

/** Every table of every schema whose rows, as text, hold `needle` (the event log's data and metadata included). */
async function storedAnywhere(c: Cluster, needle: string): Promise<string[]> {
  const tables = await c.sql<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('information_schema', 'pg_catalog') and table_schema not like 'pg\\_%'`,
  );
  const found: string[] = [];
  for (const { schema, name } of tables) {
    const rows = await c.sql(`select 1 from "${schema}"."${name}" t where t::text ilike $1 limit 1`, [`%${needle}%`]);
    if (rows.length > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

function mediaFilesHolding(dataDir: string, needle: string): string[] {
  const root = join(dataDir, 'media');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isFile() && readFileSync(path).includes(needle));
}

it('kill -9 mid-erasure, then a restart, completes it: keys destroyed, file deleted, frames dropped, consumers told', { timeout: 300_000 }, async () => {
  cluster = await startCluster({ nats: true, env: { PROJECTION_WAIT_MS: '30000', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  const c = cluster;
  const [api, projector] = await Promise.all([c.spawn('api-1', 'api'), c.spawn('projector-1', 'projector')]);
  const base = api.url!;
  const company = await companyWithSandbox(base, 'Queda Apagar', 377);
  const auth = { authorization: `Bearer ${company.token}` };
  const hook = await http(base, 'POST', '/webhooks', { token: company.token, body: { url: 'http://127.0.0.1:9/crm', events: ['*'], description: 'CRM' } });
  expect(hook.status, JSON.stringify(hook.json)).toBe(201);

  const written = await deliver(base, company.sandbox, { id: 'queda-1', from: MARK.number, name: MARK.name, body: MARK.body });
  const opened = await http(base, 'PUT', `/tickets/${written.ticketId}`, { token: company.token, body: { status: 'open' } });
  expect(opened.status, JSON.stringify(opened.json)).toBe(200);
  const form = new FormData();
  form.append('medias', new Blob([new Uint8Array(Buffer.concat([samples.png, Buffer.from(MARK.bytes)]))], { type: 'image/png' }), 'documento-queda.png');
  form.append('body', 'documento-queda.png');
  const upload = await fetch(`${base}/messages/${written.ticketId}`, { method: 'POST', headers: auth, body: form });
  expect(upload.status, await upload.clone().text()).toBeLessThan(300);
  const ticket = await http(base, 'GET', `/tickets/${written.ticketId}`, { token: company.token });
  const contactId = ticket.json.contactId as number;
  expect(mediaFilesHolding(c.dataDir, MARK.bytes)).toHaveLength(1);

  const erased = await http(base, 'POST', `/contacts/${contactId}/erase`, { token: company.token, body: { reason: 'Pedido do titular (art. 18)' } });
  expect(erased.status, JSON.stringify(erased.json)).toBe(200);
  // Mid-erasure: the read models are scrubbed (the answer waited for them), nothing the reactors do has happened.
  const liveKeys = () =>
    c
      .sql<{ live: number }>(`select count(*)::int as live from keys.data_keys where contact_id = $1 and destroyed_at is null`, [contactId])
      .then((r) => r[0]!.live);
  const framesKept = () =>
    c.sql<{ kept: number }>(`select count(*)::int as kept from projection.frame_outbox where company_id = $1`, [company.companyId]).then((r) => r[0]!.kept);
  expect(await liveKeys()).toBeGreaterThan(0);
  expect(await framesKept()).toBeGreaterThan(0);
  expect(mediaFilesHolding(c.dataDir, MARK.bytes)).toHaveLength(1);
  expect(await c.sql(`select 1 from read.contacts where id = $1 and name ilike $2`, [contactId, `%${MARK.name}%`])).toEqual([]);
  await Promise.all([api.kill9(), projector.kill9()]);

  // A reactors process killed as soon as it runs: whatever it had done of the erasure, the next one finishes it.
  const early = await c.spawn('reactors-early', 'reactors');
  await early.kill9();

  await Promise.all([c.spawn('projector-2', 'projector'), c.spawn('reactors-2', 'reactors'), c.spawn('automation-2', 'automation')]);
  await waitUntil(async () => (await liveKeys()) === 0, "the contact's data keys to be destroyed", 60_000);
  await waitUntil(() => mediaFilesHolding(c.dataDir, MARK.bytes).length === 0, "the contact's file to be deleted", 60_000);
  await waitUntil(async () => (await framesKept()) === 0, 'the frames kept for resuming to be dropped', 60_000);
  const told = () => c.sql<{ body: string }>(`select body from webhooks.deliveries where webhook_id = $1 and event = 'contact.erased'`, [hook.json.id]);
  await waitUntil(async () => (await told()).length > 0, 'contact.erased to be queued for the webhook', 60_000);
  const deliveries = await told();
  expect(deliveries).toHaveLength(1);
  expect(JSON.parse(deliveries[0]!.body).data).toEqual({ contactId, erasedAt: erased.json.erasedAt });

  for (const needle of [MARK.name, MARK.number, '44.555.666', 'documento-queda']) expect(await storedAnywhere(c, needle), needle).toEqual([]);
  const verify = await promisify(execFile)(process.execPath, [await serverBundle(), 'verify', 'all'], {
    env: {
      ...process.env,
      DATABASE_URL: c.databaseUrl,
      DATA_DIR: c.dataDir,
      SECRETS_KEY: 'cluster-secrets-key-'.repeat(3),
      JWT_SECRET: 'cluster-secret-'.repeat(4),
    },
  });
  expect(verify.stdout).toMatch(/^ok: \d+ streams/m);
});
