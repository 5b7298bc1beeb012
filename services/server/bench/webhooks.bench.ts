/**
 * Webhook figures: `pnpm bench:webhooks`. The real product on one process (embedded Postgres,
 * projections, reactors, the deliverer) on a fresh data dir, inbound messages through the sandbox
 * channel's route, deliveries to a local receiver (node:http on loopback, answering 200 at once):
 *   - deliveries/s: BENCH_WEBHOOK_MESSAGES inbound messages queued while the deliverer is stopped, to
 *     BENCH_WEBHOOK_ENDPOINTS endpoints, then drained (one endpoint: in order, one POST at a time);
 *   - inbound message → its message.received webhook at the receiver, p50/p99 (one message at a time);
 *   - recovery after a receiver outage, scaled down by BENCH_WEBHOOK_SCALE (default 60: the 5 s … 10 min
 *     retry schedule becomes 83 ms … 10 s and a 10-minute outage 10 s): time from the receiver's return
 *     until every queued delivery has arrived, measured scaled and multiplied back.
 * One JSON line per figure on stdout; progress on stderr.
 */
import { createWebhookDeliverer, createWebhookPoster, WEBHOOK_BACKOFF_MS, WEBHOOK_REPEAT_MS } from '@conversa/automation';
import { freePort as freeHttpPort, startReceiver } from '../test/webhook-receiver';
import { figure, log, percentileFigures, runBench } from './kit/measure';
import { withProduct } from './kit/product';

const MESSAGES = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 300);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 8);
const LATENCY_SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 100);
const SCALE = Number(process.env.BENCH_WEBHOOK_SCALE ?? 60);
const OUTAGE_MS = (10 * 60_000) / SCALE;

runBench(async () => {
  const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];
  try {
    await withProduct({ name: 'webhooks', env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } }, async ({ wiring, call, addSandbox }) => {
      const sandbox = await addSandbox();
      let sent = 0;
      const inbound = (body: string) => sandbox.deliver({ id: `bench-${sent++}`, from: String(5511970000000 + (sent % 50)), body });
      const addEndpoint = async (url: string) => (await call('POST', '/webhooks', { url, events: ['message.received'] })).id as number;
      const remove = (id: number) => call('DELETE', `/webhooks/${id}`);

      // 1. Throughput: a queue built while the deliverer is stopped, then drained.
      const receiver = await startReceiver();
      receivers.push(receiver);
      const endpoints = await Promise.all(Array.from({ length: ENDPOINTS }, (_, index) => addEndpoint(`${receiver.url}?endpoint=${index}`)));
      log(`queueing ${MESSAGES} inbound messages for ${ENDPOINTS} endpoints`);
      for (let index = 0; index < MESSAGES; index++) await inbound(`throughput ${index}`);
      const head = await wiring.store.headPosition();
      await wiring.reactors.waitForPosition(head!, { signal: AbortSignal.timeout(120_000) });
      const total = MESSAGES * ENDPOINTS;
      const started = performance.now();
      wiring.webhooks.deliverer.start();
      await receiver.until(total);
      const seconds = (performance.now() - started) / 1000;
      figure('webhook_deliveries_per_second', total / seconds, 'deliveries/s', { deliveries: total, endpoints: ENDPOINTS, concurrency: 16 });
      for (const id of endpoints) await remove(id);

      // 2. Latency: one inbound message at a time, until its webhook reaches the receiver.
      const latencyReceiver = await startReceiver();
      receivers.push(latencyReceiver);
      const latencyEndpoint = await addEndpoint(latencyReceiver.url);
      const latencies: number[] = [];
      for (let index = 0; index < LATENCY_SAMPLES; index++) {
        const t0 = performance.now();
        await inbound(`latency ${index}`);
        await latencyReceiver.until(index + 1);
        latencies.push(latencyReceiver.received[index]!.at - t0);
      }
      percentileFigures('inbound_to_webhook', latencies, [50, 99], { extra: { samples: LATENCY_SAMPLES } });
      await remove(latencyEndpoint);
      await wiring.webhooks.deliverer.stop();

      // 3. Recovery after an outage, on the product's retry schedule scaled down.
      const deliverer = createWebhookDeliverer({
        db: wiring.db,
        ctx: wiring.ctx,
        secrets: wiring.ctx.webhooks.secrets,
        connectionString: wiring.databaseUrl,
        post: createWebhookPoster({ allowPrivateUrls: true }),
        now: () => new Date(),
        backoffMs: WEBHOOK_BACKOFF_MS.map((ms) => ms / SCALE),
        repeatMs: WEBHOOK_REPEAT_MS / SCALE,
        pollMs: 20,
      });
      deliverer.start();
      const port = await freeHttpPort();
      const outageEndpoint = await addEndpoint(`http://127.0.0.1:${port}/hook`);
      const outageMessages = 50;
      log(`receiver down for ${OUTAGE_MS} ms (10 min / ${SCALE}); ${outageMessages} messages meanwhile`);
      const downAt = performance.now();
      for (let index = 0; index < outageMessages; index++) await inbound(`outage ${index}`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (performance.now() - downAt))));
      const back = await startReceiver({ port });
      receivers.push(back);
      const upAt = performance.now();
      await back.until(outageMessages);
      const recovery = performance.now() - upAt;
      figure('recovery_after_outage_scaled', recovery, 'ms', { outageMs: OUTAGE_MS, scale: SCALE, messages: outageMessages });
      figure('recovery_after_10min_outage', (recovery * SCALE) / 1000, 's', {
        note: 'scaled figure × scale: the wait for the next retry dominates; draining the queue itself does not scale',
      });
      await remove(outageEndpoint);
      await deliverer.stop();
    });
  } finally {
    for (const receiver of receivers) await receiver.close();
  }
});
