/**
 * LGPD erasure figures: `pnpm bench:erase`. The real product in one process (embedded Postgres, projections,
 * reactors) on a fresh data dir. BENCH_ERASE_RUNS (default 3) contacts, each writing one message through the
 * sandbox connection and BENCH_ERASE_MESSAGES - 1 more (default 10,000 in all) appended to the log as the
 * inbound path records them; then POST /contacts/{id}/erase, which answers once every read model has applied
 * ContactErased: the time from the request to that answer is the erasure time (every read table scrubbed). One
 * JSON line per run and one with the median, with the machine's load and idle share over the run.
 */
import { messageStream } from '@conversa/contracts';
import { performance } from 'node:perf_hooks';
import { line, loadavg, log, machineWatch, median, runBench } from './kit/measure';
import { withProduct } from './kit/product';
import { messageReceived } from './kit/tables';

const RUNS = Number(process.env.BENCH_ERASE_RUNS ?? 3);
const MESSAGES = Number(process.env.BENCH_ERASE_MESSAGES ?? 10_000);
const APPEND_CHUNK = 500;

runBench(() =>
  withProduct({ name: 'erase', sessions: true }, async ({ wiring, admin, call, addSandbox }) => {
    const machine = machineWatch();
    const connection = await addSandbox({ name: 'Bench erase' });
    await wiring.sessions.reconcile();
    const schemaVersion = wiring.registry.versionOf('MessageReceived');
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const number = `55119${String(40_000_000 + run).padStart(8, '0')}`;
      const { ticketId, contactId } = await connection.deliver({ id: `erase-${run}`, from: number, name: `Bench ${run}`, body: 'primeira' });
      const { companyId } = admin;
      log(`run ${run}: contact ${contactId}, appending ${MESSAGES - 1} messages`);
      for (let start = 1; start < MESSAGES; start += APPEND_CHUNK) {
        const appends = [];
        for (let index = start; index < Math.min(MESSAGES, start + APPEND_CHUNK); index++) {
          const { messageId, event } = messageReceived(
            {
              ticketId,
              contactId,
              whatsappId: connection.id,
              body: `mensagem ${index} de Bench ${run}`,
              providerId: `bench-${run}-${index}`,
              at: new Date().toISOString(),
            },
            { companyId, actor: { kind: 'system', id: 'bench' }, correlationId: 'bench', schemaVersion },
          );
          appends.push({ streamId: messageStream(messageId), events: [event], expectedRevision: 'no_stream' as const });
        }
        await wiring.store.appendToStreams!(appends);
      }
      const head = await wiring.store.headPosition();
      await wiring.runtime.waitForPosition(head!, { signal: AbortSignal.timeout(600_000) });
      const started = performance.now();
      await call('POST', `/contacts/${contactId}/erase`, { reason: 'Pedido do titular (bench)' });
      const ms = performance.now() - started;
      times.push(ms);
      line({ name: 'erase_ms', run, messages: MESSAGES, value: Number(ms.toFixed(1)), unit: 'ms', loadavg: loadavg() });
    }
    const { idle, steal } = machine.share();
    line({
      name: 'erase_ms_median',
      messages: MESSAGES,
      runs: RUNS,
      value: Number(median(times).toFixed(1)),
      unit: 'ms',
      loadavg: loadavg(),
      idle_pct: Number(idle.toFixed(1)),
      steal_pct: Number(steal.toFixed(1)),
    });
  }),
);
