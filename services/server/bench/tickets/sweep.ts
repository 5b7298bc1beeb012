/**
 * The inbound figure's two optional phases on the same product and socket: BENCH_ISOLATED (messages
 * one at a time, each handled alone) and BENCH_SWEEP (steps at rising rates up to the p99 limit).
 */
import type { receiveMessage } from '@conversa/core';
import { performance } from 'node:perf_hooks';
import type { Wiring } from '../../src/wiring';
import { figure, log, machineCpuTicks, percentile, postgresCpuMs, statements, statementTotal } from '../kit/measure';
import { ISOLATED, SWEEP_FROM, SWEEP_LIMIT_MS, SWEEP_MAX, SWEEP_SECONDS, SWEEP_STEP } from './settings';

/** What both phases share with the steady one: the product, the sender, and the socket's timings. */
export interface InboundRun {
  wiring: Wiring;
  inbound: (index: number, body: string) => ReturnType<typeof receiveMessage>;
  /** Absolute time (timeOrigin + now), as the browser's thread reports frames. */
  now: () => number;
  sentAt: Map<string, number>;
  latencies: number[];
  failures: unknown[];
}

/**
 * BENCH_ISOLATED=<n>: n messages one at a time, each waited for by every projector and reactor
 * before the next is sent, so each is handled alone (batches of one, as on a quiet machine at a
 * low rate). Its cost per message does not depend on how busy the machine is, unlike the rate
 * figure's, whose batches grow when the machine falls behind.
 */
export async function isolated({ wiring, inbound }: InboundRun, firstIndex: number) {
  const settle = async () => {
    const head = await wiring.store.headPosition();
    if (!head) return;
    await wiring.runtime.waitForPosition(head);
    await wiring.reactors.waitForPosition(head);
  };
  await settle();
  statements.clear();
  const cpu = process.cpuUsage();
  const postgres = postgresCpuMs();
  const machineAt = machineCpuTicks();
  // Waited for by the ones that handle it (they commit at its position): a wait on the others
  // would probe the store and count its own statements.
  const handlers = (runtime: typeof wiring.runtime) =>
    runtime.projectors.filter((projector) => projector.eventTypes.includes('MessageReceived')).map((projector) => projector.name);
  for (let index = firstIndex; index < firstIndex + ISOLATED; index++) {
    const received = await inbound(index, `isolated ${index}`);
    if (received.position) {
      await wiring.runtime.waitForPosition(received.position, { projectors: handlers(wiring.runtime) });
      await wiring.reactors.waitForPosition(received.position, { projectors: handlers(wiring.reactors) });
    }
  }
  const used = process.cpuUsage(cpu);
  const machine = machineCpuTicks().map((ticks, index) => ticks - machineAt[index]!);
  const machineTotal = machine.reduce((sum, ticks) => sum + ticks, 0);
  figure('inbound_isolated_node_cpu_per_message_ms', (used.user + used.system) / 1000 / ISOLATED, 'ms');
  figure('inbound_isolated_postgres_cpu_per_message_ms', (postgresCpuMs() - postgres) / ISOLATED, 'ms');
  figure('inbound_isolated_statements_per_message', statementTotal() / ISOLATED, 'statements');
  figure('inbound_isolated_machine_idle_percent', (machine[3]! / machineTotal) * 100, '%');
  for (const [key, n] of [...statements.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    log(`  isolated: ${(n / ISOLATED).toFixed(2)} per message: ${key}`);
  await settle();
}

/**
 * BENCH_SWEEP=1: steps of BENCH_SWEEP_SECONDS at rising rates (BENCH_SWEEP_FROM, + BENCH_SWEEP_STEP)
 * until the ticket frame's p99 passes 250 ms (or frames go missing); one line per step, then the
 * highest rate that held. Each step is its own steady phase, after the one before has drained.
 */
export async function sweep({ wiring, inbound, now, sentAt, latencies, failures }: InboundRun, firstIndex: number) {
  let next = firstIndex;
  let highest = 0;
  for (let rate = SWEEP_FROM; rate <= SWEEP_MAX; rate += SWEEP_STEP) {
    // Each step starts on a product that has caught up with the one before (a backlog is not this rate's).
    const head = await wiring.store.headPosition();
    if (head) {
      await wiring.runtime.waitForPosition(head, { signal: AbortSignal.timeout(120_000) });
      await wiring.reactors.waitForPosition(head, { signal: AbortSignal.timeout(120_000) });
    }
    sentAt.clear();
    const count = Math.round(rate * SWEEP_SECONDS);
    const already = latencies.length;
    const stepCpu = process.cpuUsage();
    const stepPostgres = postgresCpuMs();
    const stepMachine = machineCpuTicks();
    const pending: Promise<unknown>[] = [];
    const start = performance.now();
    for (let offset = 0; offset < count; offset++) {
      const wait = start + (offset * 1000) / rate - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const body = `sweep ${rate} ${next} ${Math.random().toString(36).slice(2)}`;
      sentAt.set(body, now());
      pending.push(inbound(next++, body).catch((error: unknown) => failures.push(error)));
    }
    const offered = count / ((performance.now() - start) / 1000);
    await Promise.all(pending);
    const drained = performance.now() + 10_000;
    while (sentAt.size > 0 && performance.now() < drained) await new Promise((resolve) => setTimeout(resolve, 50));
    const step = latencies.slice(already);
    const missing = sentAt.size;
    sentAt.clear();
    const used = process.cpuUsage(stepCpu);
    const machine = machineCpuTicks().map((ticks, index) => ticks - stepMachine[index]!);
    const machineTotal = machine.reduce((sum, ticks) => sum + ticks, 0);
    const p99 = percentile(step, 99);
    process.stdout.write(
      `${JSON.stringify({
        name: 'inbound_sweep_step',
        rate,
        offered: Number(offered.toFixed(1)),
        ticket_frame_p50_ms: Number(percentile(step, 50).toFixed(1)),
        ticket_frame_p99_ms: Number(p99.toFixed(1)),
        frames_missing: missing,
        node_cpu_per_message_ms: Number(((used.user + used.system) / 1000 / count).toFixed(2)),
        postgres_cpu_per_message_ms: Number(((postgresCpuMs() - stepPostgres) / count).toFixed(2)),
        machine_idle_percent: Number(((machine[3]! / machineTotal) * 100).toFixed(1)),
        machine_steal_percent: Number(((machine[7]! / machineTotal) * 100).toFixed(2)),
      })}\n`,
    );
    // Offered below the step's rate: the sender itself fell behind, which is no pass either.
    if (!(p99 <= SWEEP_LIMIT_MS) || missing > 0 || offered < rate * 0.95) break;
    highest = rate;
  }
  figure('inbound_highest_rate_p99_under_250ms_per_s', highest, 'msg/s');
}
