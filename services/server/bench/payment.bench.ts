/**
 * Payment figures: `pnpm bench:payment`. The real product in one process with the fake Asaas: for
 * BENCH_PAYMENTS (default 30) overdue companies, each with its invoice and Pix charge, the time from the
 * provider's webhook leaving the fake to the company's first working request (GET /tags answering 200
 * instead of 402): p50/p95/max in ms. Also the checkout (POST /subscription until the Pix answers, through
 * the payment-charges reactor). One JSON line per figure, with the machine's idle and steal share.
 */
import { FakeAsaasServer } from '@conversa/automation/payments/fake-asaas';
import { performance } from 'node:perf_hooks';
import { figure, log, machineWatch, percentile, percentileFigures, runBench } from './kit/measure';
import { cpf, withProduct } from './kit/product';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 30);
const WEBHOOK_TOKEN = 'bench-webhook-token';

runBench(async () => {
  const asaas = await new FakeAsaasServer('$aact_bench').start();
  try {
    const env = { ASAAS_API_URL: asaas.baseUrl, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN };
    await withProduct({ name: 'payment', env, listen: true }, async ({ app, wiring, call, signup, url }) => {
      const machine = machineWatch();
      asaas.webhook = { url: `${url}/subscription/webhook`, authToken: WEBHOOK_TOKEN };
      await call('PUT', '/settings/asaas', { value: asaas.apiKey });
      const plan = await call('POST', '/plans', { name: 'Bench', users: 5, connections: 2, queues: 3, amount: '99.90' });
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

      const unlocks: number[] = [];
      const checkouts: number[] = [];
      log(`${PAYMENTS} overdue companies pay by Pix`);
      for (let index = 0; index < PAYMENTS; index++) {
        const { companyId, token, headers } = await signup({
          name: `Bench ${index}`,
          companyName: `Bench Pay ${index}`,
          email: `bench${index}@example.com`,
          seed: index + 7,
        });
        await call('PUT', `/companies/${companyId}`, { dueDate: yesterday, planId: plan.id });
        await wiring.invoices.generator.tick();
        // The invoice list reads the read model: it holds the new invoice once the projections have caught up.
        await wiring.ctx.waitForProjections(await wiring.store.headPosition());
        const [invoice] = (await call('GET', '/invoices/all', undefined, token)).data;
        const checkoutStart = performance.now();
        const pix = await app.inject({
          method: 'POST',
          url: '/subscription',
          headers,
          payload: { firstName: 'Bench', zipcode: cpf(index + 7), invoiceId: invoice.id },
        });
        checkouts.push(performance.now() - checkoutStart);
        if (pix.statusCode !== 200) throw new Error(`checkout: ${pix.statusCode} ${pix.body}`);
        const paidAt = performance.now();
        const status = await asaas.pay(pix.json().paymentId);
        if (status !== 200) throw new Error(`webhook answered ${status}`);
        while ((await app.inject({ method: 'GET', url: '/tags', headers })).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 2));
        unlocks.push(performance.now() - paidAt);
      }
      figure('payment_webhook_to_unlocked_p50', percentile(unlocks, 50), 'ms', { payments: PAYMENTS });
      percentileFigures('payment_webhook_to_unlocked', unlocks, [95, 'max']);
      percentileFigures('checkout_pix_answer', checkouts, [50, 95]);
      machine.report();
    });
  } finally {
    await asaas.close();
  }
});
