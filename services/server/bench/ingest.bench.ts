/**
 * Inbound figures: `pnpm bench:ingest`. The real product on one process (embedded Postgres,
 * projections, sender, session manager) on a fresh data dir, driven through the sandbox channel's
 * HTTP route (fastify.inject), which answers once the message is in the read model:
 *   - sandbox inbound messages/s end to end into the read model (BENCH_INGEST_MESSAGES messages from
 *     BENCH_INGEST_CONTACTS contacts, BENCH_INGEST_CONCURRENCY in flight), with per-message latency;
 *   - the same message id delivered 3 times → how many messages the read model holds (want 1);
 *   - 200 concurrent first messages from one new contact → how many tickets (want 1).
 * One JSON line per figure on stdout; progress on stderr.
 */
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { figure, log } from './tickets/measure';

const MESSAGES = Number(process.env.BENCH_INGEST_MESSAGES ?? 3000);
const CONTACTS = Number(process.env.BENCH_INGEST_CONTACTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const BURST = 200;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-ingest-'));
  // The embedded Postgres reads its port from the environment: a free one, beside other running instances.
  process.env.PG_PORT = String(await freePort());
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PG_PORT: process.env.PG_PORT,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'Bench-pass-1',
      JWT_SECRET: 'bench-secret-'.repeat(4),
    },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  try {
    await seed(wiring.ctx, config);
    await wiring.sessions.start();
    const { app } = await buildHttp(wiring, { serveUi: false, edge: true, projections: true });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } });
    const token = login.json().token as string;
    const created = await app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Bench sandbox', channel: 'sandbox' },
    });
    if (created.statusCode !== 201) throw new Error(`sandbox: ${created.statusCode} ${created.body}`);
    const sandbox = created.json() as { id: number; token: string };
    const deliver = async (payload: object) => {
      const response = await app.inject({
        method: 'POST',
        url: `/sandbox/${sandbox.id}/messages`,
        headers: { authorization: `Bearer ${sandbox.token}` },
        payload,
      });
      if (response.statusCode !== 202) throw new Error(`deliver: ${response.statusCode} ${response.body}`);
      return response.json() as { id: string; ticketId: number; contactId: number; duplicate: boolean };
    };
    const messagesOnConnection = async () =>
      Number((await sql<{ count: string }>`select count(*) as count from read.messages where whatsapp_id = ${sandbox.id}`.execute(wiring.db)).rows[0]!.count);

    // Warm-up: contacts, tickets and code paths exist before timing.
    for (let index = 0; index < 20; index++) await deliver({ id: `warm-${index}`, from: String(5511980000000 + index), body: 'aquecimento' });

    log(`ingesting ${MESSAGES} sandbox messages from ${CONTACTS} contacts, ${CONCURRENCY} in flight`);
    const before = await messagesOnConnection();
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = next++; index < MESSAGES; index = next++) {
          const t0 = performance.now();
          await deliver({
            id: `bench-${index}`,
            from: String(5511970000000 + (index % CONTACTS)),
            name: `Contato ${index % CONTACTS}`,
            body: `Mensagem ${index}`,
          });
          latencies.push(performance.now() - t0);
          if ((index + 1) % 500 === 0) log(`  ${index + 1}/${MESSAGES}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const stored = (await messagesOnConnection()) - before;
    if (stored !== MESSAGES) throw new Error(`read model holds ${stored} of ${MESSAGES} messages`);
    figure('sandbox_inbound_messages_per_s', MESSAGES / seconds, 'msg/s');
    figure('sandbox_inbound_latency_p50', percentile(latencies, 50), 'ms');
    figure('sandbox_inbound_latency_p95', percentile(latencies, 95), 'ms');
    figure('sandbox_inbound_latency_p99', percentile(latencies, 99), 'ms');

    log('delivering one message id 3 times');
    const repeated = [];
    for (let attempt = 0; attempt < 3; attempt++) repeated.push(await deliver({ id: 'bench-repeat', from: '5511960000001', body: 'Só uma vez' }));
    const copies = Number(
      (
        await sql<{ count: string }>`select count(*) as count from read.messages where whatsapp_id = ${sandbox.id} and provider_id = 'bench-repeat'`.execute(
          wiring.db,
        )
      ).rows[0]!.count,
    );
    figure('same_id_3_deliveries_messages', copies, 'messages');
    figure('same_id_3_deliveries_marked_duplicate', repeated.filter((answer) => answer.duplicate).length, 'deliveries');

    log(`${BURST} concurrent first messages from one new contact`);
    const burstStarted = performance.now();
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, index) => deliver({ id: `burst-${index}`, from: '5511950000001', name: 'Contato Novo', body: `rajada ${index}` })),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const contactId = burst[0]!.contactId;
    const tickets = Number(
      (
        await sql<{ count: string }>`select count(*) as count from read.tickets where contact_id = ${contactId} and whatsapp_id = ${sandbox.id}`.execute(
          wiring.db,
        )
      ).rows[0]!.count,
    );
    figure('burst_200_first_messages_tickets', tickets, 'tickets');
    figure('burst_200_first_messages_contacts', new Set(burst.map((answer) => answer.contactId)).size, 'contacts');
    figure(
      'burst_200_first_messages_stored',
      Number((await sql<{ count: string }>`select count(*) as count from read.messages where contact_id = ${contactId}`.execute(wiring.db)).rows[0]!.count),
      'messages',
    );
    figure('burst_200_first_messages_s', burstSeconds, 's');
    await app.close();
  } finally {
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error('bench failed:', error, error?.stack);
  process.exit(1);
});
