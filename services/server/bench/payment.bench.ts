/**
 * Payment figures: `pnpm bench:payment`. The real product in one process with the fake Asaas: for
 * BENCH_PAYMENTS (default 30) overdue companies, each with its invoice and Pix charge, the time from the
 * provider's webhook leaving the fake to the company's first working request (GET /tags answering 200
 * instead of 402): p50/p95/max in ms. Also the checkout (POST /subscription until the Pix answers, through
 * the payment-charges reactor). One JSON line per figure, with the machine's idle and steal share.
 */
import { FakeAsaasServer } from '@conversa/automation/payments/fake-asaas';
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

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 30);
const figure = (name: string, value: number, unit: string, extra: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(2)), unit, ...extra })}\n`);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const cpuTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);

/** A valid CPF from a seed (check digits computed). */
function cpf(seedNumber: number): string {
  const base = String(100_000_000 + seedNumber)
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => ((digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0) * 10) % 11) % 10;
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-payment-'));
  const pgPort = await freePort();
  const asaas = await new FakeAsaasServer('$aact_bench').start();
  const WEBHOOK_TOKEN = 'bench-webhook-token';
  const secrets = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) };
  process.env.PG_PORT = String(pgPort);
  const config = loadConfig(
    { DATA_DIR: dataDir, PG_PORT: String(pgPort), ASAAS_API_URL: asaas.baseUrl, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN, ...secrets },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  const cpuAtStart = cpuTicks();
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: false, edge: false, projections: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    asaas.webhook = { url: `http://127.0.0.1:${address.port}/subscription/webhook`, authToken: WEBHOOK_TOKEN };
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const root = (await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } })).json()
      .token as string;
    await app.inject({ method: 'PUT', url: '/settings/asaas', headers: as(root), payload: { value: asaas.apiKey } });
    const plan = (
      await app.inject({ method: 'POST', url: '/plans', headers: as(root), payload: { name: 'Bench', users: 5, connections: 2, queues: 3, amount: '99.90' } })
    ).json();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

    const unlocks: number[] = [];
    const checkouts: number[] = [];
    log(`${PAYMENTS} overdue companies pay by Pix`);
    for (let index = 0; index < PAYMENTS; index++) {
      const email = `bench${index}@example.com`;
      const signup = await app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: {
          name: `Bench ${index}`,
          companyName: `Bench Pay ${index}`,
          email,
          password: 'Abcdefgh1',
          phone: '11987654321',
          document: cpf(index + 7),
          planId: 1,
          termo: true,
        },
      });
      const { companyId } = signup.json();
      await app.inject({ method: 'PUT', url: `/companies/${companyId}`, headers: as(root), payload: { dueDate: yesterday, planId: plan.id } });
      await wiring.invoices.generator.tick();
      const token = (await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'Abcdefgh1' } })).json().token as string;
      const [invoice] = (await app.inject({ method: 'GET', url: '/invoices/all', headers: as(token) })).json().data;
      const checkoutStart = performance.now();
      const pix = await app.inject({
        method: 'POST',
        url: '/subscription',
        headers: as(token),
        payload: { firstName: 'Bench', zipcode: cpf(index + 7), invoiceId: invoice.id },
      });
      checkouts.push(performance.now() - checkoutStart);
      if (pix.statusCode !== 200) throw new Error(`checkout: ${pix.statusCode} ${pix.body}`);
      const paidAt = performance.now();
      const status = await asaas.pay(pix.json().paymentId);
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      while ((await app.inject({ method: 'GET', url: '/tags', headers: as(token) })).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 2));
      unlocks.push(performance.now() - paidAt);
    }
    figure('payment_webhook_to_unlocked_p50', percentile(unlocks, 50), 'ms', { payments: PAYMENTS });
    figure('payment_webhook_to_unlocked_p95', percentile(unlocks, 95), 'ms');
    figure('payment_webhook_to_unlocked_max', Math.max(...unlocks), 'ms');
    figure('checkout_pix_answer_p50', percentile(checkouts, 50), 'ms');
    figure('checkout_pix_answer_p95', percentile(checkouts, 95), 'ms');
    await app.close();
  } finally {
    const spent = cpuTicks().map((value, index) => value - cpuAtStart[index]!);
    const total = spent.reduce((sum, value) => sum + value, 0);
    figure('machine_idle_share', (100 * spent[3]!) / total, '%');
    figure('machine_steal_share', (100 * spent[7]!) / total, '%');
    await wiring.close();
    await asaas.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
