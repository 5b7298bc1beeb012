/**
 * The inbound figure: on a real websocket, inbound messages at a steady rate (BENCH_RATE for
 * BENCH_INBOUND_SECONDS), each to its own contact's ticket, timed to its ticket frame (p50/p99); the
 * CPU, statements and machine share per message; then the optional sweep. Closes the socket.
 */
import { receiveMessage } from '@conversa/core';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Wiring } from '../../src/wiring';
import { closeBrowser, openBrowser } from './browser';
import { figure, ioCalls, log, machineCpuTicks, percentile, postgresCpuMs, processCpuMs, rowsRead, statements, statementTotal } from '../kit/measure';
import { INBOUND_RATE, INBOUND_SECONDS, ISOLATED, SPLIT, SWEEP } from './settings';
import { logStatementStats, resetStatementStats } from './statements';
import { isolated, sweep, type InboundRun } from './sweep';

export async function inboundFigures(options: { wiring: Wiring; port: number; token: string; bigCompany: number; projectorRole: ChildProcess | null }) {
  const { wiring, bigCompany, projectorRole } = options;
  const now = () => performance.timeOrigin + performance.now();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const browser = await openBrowser(options.port, options.token, sentAt, latencies);
  const contacts = 1000;
  // Provider ids are unique per run: inbound messages are idempotent on them, and a kept data dir
  // still holds the last run's.
  const run = Date.now().toString(36);
  const failures: unknown[] = [];
  const commandLatencies: number[] = [];
  const inbound = (index: number, body: string) =>
    receiveMessage(wiring.ctx, {
      companyId: bigCompany,
      whatsappId: 1,
      channel: 'whatsapp',
      contact: { number: String(5521980000000 + (index % contacts)), name: `Inbound ${index % contacts}`, isGroup: false },
      providerId: `bench-${run}-${index}`,
      body,
      mediaType: 'chat',
      receivedAt: new Date().toISOString(),
    });
  const shared: InboundRun = { wiring, inbound, now, sentAt, latencies, failures };
  // The conversations exist first (a contact and a ticket each), as in a working day; the figure
  // is for messages arriving in them. Creating them is timed on its own.
  const warmStarted = performance.now();
  for (let index = 0; index < contacts; index += 20) {
    await Promise.all(Array.from({ length: Math.min(20, contacts - index) }, (_, offset) => inbound(index + offset, `first ${index + offset}`)));
  }
  figure('inbound_new_conversations_per_s', contacts / ((performance.now() - warmStarted) / 1000), 'conversations/s');
  await wiring.ctx.waitForProjections(await wiring.store.headPosition());

  // Where the time goes: when each message reached a subscriber of $all (the store's horizon and
  // tail), against when its ticket frame reached the socket (projection, bus, edge).
  const tailLatencies: number[] = [];
  const tailWatch = wiring.store.subscribeToAll({
    fromPosition: (await wiring.store.headPosition()) ?? 'start',
    filter: { eventTypes: ['MessageReceived'] },
    onEvents(events) {
      const at = now();
      for (const event of events) {
        const t0 = sentAt.get((event.data as { body: string }).body);
        if (t0 !== undefined) tailLatencies.push(at - t0);
      }
    },
  });
  const total = INBOUND_RATE * INBOUND_SECONDS;
  if (ISOLATED > 0) await isolated(shared, contacts + total + 1_000_000);
  {
    // What the product costs doing nothing (timers, polls, leases): part of every per-message figure below.
    const idleCpu = process.cpuUsage();
    const idlePostgres = postgresCpuMs();
    const idleMs = 3000;
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const used = process.cpuUsage(idleCpu);
    figure('idle_node_cpu_percent', ((used.user + used.system) / 1000 / idleMs) * 100, '%');
    figure('idle_postgres_cpu_percent', ((postgresCpuMs() - idlePostgres) / idleMs) * 100, '%');
  }
  statements.clear();
  rowsRead.clear();
  await resetStatementStats(wiring.db);
  // BENCH_PROFILE=<file.cpuprofile>: a CPU profile of this steady phase alone (for chrome://inspect).
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  // How busy this process's event loop was, and what the machine's cores did (steal: taken by the
  // host): a noisy run shows there, not only in the latencies.
  const loopBefore = performance.eventLoopUtilization();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const machineBefore = machineCpuTicks();
  const cpuBefore = process.cpuUsage();
  const projectorRoleBefore = processCpuMs(projectorRole?.pid);
  const postgresBefore = postgresCpuMs();
  const ioBefore = ioCalls();
  const inFlight: Promise<unknown>[] = [];
  const begin = performance.now();
  for (let index = contacts; index < contacts + total; index++) {
    const due = begin + ((index - contacts) * 1000) / INBOUND_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = `inbound ${index} ${Math.random().toString(36).slice(2)}`;
    sentAt.set(body, now());
    const t0 = performance.now();
    inFlight.push(
      inbound(index, body).then(
        () => commandLatencies.push(performance.now() - t0),
        (error: unknown) => failures.push(error),
      ),
    );
  }
  const lastSent = performance.now();
  await Promise.all(inFlight);
  const deadline = performance.now() + 10_000;
  while (sentAt.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const achieved = total / ((lastSent - begin) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  const machine = machineCpuTicks().map((ticks, index) => ticks - machineBefore[index]!);
  const machineTotal = machine.reduce((sum, ticks) => sum + ticks, 0);
  const postgresCpu = postgresCpuMs() - postgresBefore;
  const io = ioCalls();
  const projectorRoleCpu = processCpuMs(projectorRole?.pid) - projectorRoleBefore;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    profiler.disconnect();
  }
  // The whole process, the measuring client's thread included.
  figure('inbound_node_cpu_per_message_ms', ((cpu.user + cpu.system) / 1000 + projectorRoleCpu) / total, 'ms');
  if (SPLIT) log(`  of which in the projector role's process: ${((projectorRoleCpu / ((cpu.user + cpu.system) / 1000 + projectorRoleCpu)) * 100).toFixed(0)}%`);
  log(`  of which in the kernel (system calls): ${((cpu.system / (cpu.user + cpu.system)) * 100).toFixed(0)}%`);
  figure('inbound_postgres_cpu_per_message_ms', postgresCpu / total, 'ms');
  figure('inbound_offered_rate_per_s', achieved, 'msg/s');
  figure('inbound_event_loop_utilization', performance.eventLoopUtilization(loopBefore).utilization, 'ratio');
  figure('inbound_event_loop_delay_p99_ms', loopDelay.percentile(99) / 1e6, 'ms');
  figure('inbound_machine_idle_percent', (machine[3]! / machineTotal) * 100, '%');
  figure('inbound_machine_steal_percent', (machine[7]! / machineTotal) * 100, '%');
  figure('inbound_node_write_calls_per_message', (io.writes - ioBefore.writes) / total, 'calls');
  figure('inbound_node_read_calls_per_message', (io.reads - ioBefore.reads) / total, 'calls');
  figure('inbound_statements_per_message', statementTotal() / total, 'statements');
  for (const [key, n] of [...statements.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    log(`  ${(n / total).toFixed(2)} per message (${((rowsRead.get(key) ?? 0) / total).toFixed(1)} rows): ${key}`);
  await logStatementStats(wiring.db, total);
  figure('inbound_frames_received', latencies.length, 'frames');
  figure('inbound_frames_missing', sentAt.size, 'frames');
  figure('inbound_failures', failures.length, 'messages');
  figure('inbound_command_p50_ms', percentile(commandLatencies, 50), 'ms');
  figure('inbound_command_p99_ms', percentile(commandLatencies, 99), 'ms');
  await tailWatch.stop();
  figure('inbound_to_subscriber_p50_ms', percentile(tailLatencies, 50), 'ms');
  figure('inbound_to_subscriber_p99_ms', percentile(tailLatencies, 99), 'ms');
  figure('inbound_to_ticket_frame_p50_ms', percentile(latencies, 50), 'ms');
  figure('inbound_to_ticket_frame_p99_ms', percentile(latencies, 99), 'ms');
  if (failures.length > 0) log(`first failure: ${String(failures[0])}`);
  if (SWEEP) await sweep(shared, contacts + total);
  await closeBrowser(browser);
}
