/**
 * LGPD erasure figures: `pnpm bench:erase`. The real product in one process (embedded Postgres, projections,
 * reactors) on a fresh data dir. BENCH_ERASE_RUNS (default 3) contacts, each writing one message through the
 * sandbox connection and BENCH_ERASE_MESSAGES - 1 more (default 10,000 in all) appended to the log as the
 * inbound path records them; then POST /contacts/{id}/erase, which answers once every read model has applied
 * ContactErased: the time from the request to that answer is the erasure time (every read table scrubbed). One
 * JSON line per run and one with the median, with the machine's load and idle share over the run.
 */
import { messageStream, type EventToAppend } from '@conversa/contracts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { log } from './tickets/measure';

const RUNS = Number(process.env.BENCH_ERASE_RUNS ?? 3);
const MESSAGES = Number(process.env.BENCH_ERASE_MESSAGES ?? 10_000);
const APPEND_CHUNK = 500;

const line = (fields: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(fields)}\n`);
const cpuTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-erase-'));
  const pgPort = await freePort();
  process.env.PG_PORT = String(pgPort);
  const secrets = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) };
  const config = loadConfig({ DATA_DIR: dataDir, PG_PORT: String(pgPort), ...secrets }, dataDir);
  const wiring = await wire(config, { runProjections: true });
  const cpuAtStart = cpuTicks();
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: false, edge: false, projections: true });
    await app.ready();
    await wiring.sessions.start();
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const connection = (await app.inject({ method: 'POST', url: '/whatsapp', headers, payload: { name: 'Bench erase', channel: 'sandbox' } })).json() as {
      id: number;
      token: string;
    };
    await wiring.sessions.reconcile();
    const schemaVersion = wiring.registry.versionOf('MessageReceived');
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const number = `55119${String(40_000_000 + run).padStart(8, '0')}`;
      const first = await app.inject({
        method: 'POST',
        url: `/sandbox/${connection.id}/messages`,
        headers: { authorization: `Bearer ${connection.token}` },
        payload: { id: `erase-${run}`, from: number, name: `Bench ${run}`, body: 'primeira' },
      });
      const { ticketId, contactId } = first.json() as { ticketId: number; contactId: number };
      const companyId = login.json().user.companyId as number;
      log(`run ${run}: contact ${contactId}, appending ${MESSAGES - 1} messages`);
      for (let start = 1; start < MESSAGES; start += APPEND_CHUNK) {
        const appends = [];
        for (let index = start; index < Math.min(MESSAGES, start + APPEND_CHUNK); index++) {
          const messageId = randomUUID();
          const at = new Date().toISOString();
          const event: EventToAppend = {
            id: randomUUID(),
            type: 'MessageReceived',
            data: {
              messageId,
              ticketId,
              contactId,
              whatsappId: connection.id,
              body: `mensagem ${index} de Bench ${run}`,
              mediaType: 'chat',
              media: null,
              location: null,
              quotedMessageId: null,
              providerId: `bench-${run}-${index}`,
              participant: null,
              receivedAt: at,
            },
            metadata: { companyId, actor: { kind: 'system', id: 'bench' }, correlationId: 'bench', causationId: 'bench', occurredAt: at, schemaVersion },
          };
          appends.push({ streamId: messageStream(messageId), events: [event], expectedRevision: 'no_stream' as const });
        }
        await wiring.store.appendToStreams!(appends);
      }
      const head = await wiring.store.headPosition();
      await wiring.runtime.waitForPosition(head!, { signal: AbortSignal.timeout(600_000) });
      const started = performance.now();
      const erased = await app.inject({ method: 'POST', url: `/contacts/${contactId}/erase`, headers, payload: { reason: 'Pedido do titular (bench)' } });
      const ms = performance.now() - started;
      if (erased.statusCode !== 200) throw new Error(`erase answered ${erased.statusCode}: ${erased.body}`);
      times.push(ms);
      line({ name: 'erase_ms', run, messages: MESSAGES, value: Number(ms.toFixed(1)), unit: 'ms', loadavg: loadavg() });
    }
    const cpu = cpuTicks().map((value, index) => value - cpuAtStart[index]!);
    const total = cpu.reduce((sum, value) => sum + value, 0) || 1;
    line({
      name: 'erase_ms_median',
      messages: MESSAGES,
      runs: RUNS,
      value: Number(median(times).toFixed(1)),
      unit: 'ms',
      loadavg: loadavg(),
      idle_pct: Number(((cpu[3]! / total) * 100).toFixed(1)),
      steal_pct: Number(((cpu[7]! / total) * 100).toFixed(1)),
    });
    await app.close();
  } finally {
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
