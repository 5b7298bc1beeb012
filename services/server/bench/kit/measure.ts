/**
 * Measuring helpers shared by the benches: JSON figure lines, a timestamped log on stderr, percentiles and
 * timed loops, the machine's idle and steal share and load, and CPU read from /proc (a process's, the
 * embedded Postgres's). `countStatements()` counts what this process sends to Postgres; it patches pg only when called.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { isPreparedName } from '@conversa/projections/prepared';

/** One figure as a JSON line on stdout: `extra` fields (sizes, settings) go beside the value. */
export const figure = (name: string, value: number, unit: string, extra: object = {}) =>
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(2)), unit, ...extra })}\n`);
/** Any other JSON line on stdout (benches whose lines carry several values). */
export const line = (fields: object) => process.stdout.write(`${JSON.stringify(fields)}\n`);
export const log = (text: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);
/** The nearest-rank percentile (NaN for no values). */
export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A figure per point of `samples`: `<name>_p<n><suffix>` for a percentile, `<name>_max<suffix>` for the largest. */
export function percentileFigures(
  name: string,
  samples: number[],
  points: Array<number | 'max'>,
  { suffix = '', unit = 'ms', extra = {} }: { suffix?: string; unit?: string; extra?: object } = {},
) {
  for (const point of points)
    if (point === 'max') figure(`${name}_max${suffix}`, Math.max(...samples), unit, extra);
    else figure(`${name}_p${point}${suffix}`, percentile(samples, point), unit, extra);
}

/** Milliseconds of each of `count` awaited calls, after `warm` untimed ones (their index is negative). */
export async function sampleTimes(count: number, run: (index: number) => Promise<unknown>, { warm = 0 }: { warm?: number } = {}): Promise<number[]> {
  for (let index = 0; index < warm; index++) await run(-index - 1);
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await run(index);
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * This process's memory at its highest from now until `stop()`, sampled every `everyMs`: a before/after difference
 * would hide what the collector freed meanwhile.
 */
export function memoryPeak(everyMs: number) {
  const start = process.memoryUsage();
  const peak = { rss: start.rss, heapUsed: start.heapUsed };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
  };
  const timer = setInterval(sample, everyMs);
  return {
    start,
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** Runs a bench's main: exits 0 once it is done (the product may leave handles behind), 1 with the error on stderr. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('bench failed:', error);
      process.exit(1);
    },
  );
}

/**
 * Every statement this process sends to Postgres, counted by its first words: the inbound figure
 * divides them by the messages, a number that does not depend on how busy the machine is.
 */
export const statements = new Map<string, number>();
/** Rows each statement brought back (parsing rows is much of the client's work). */
export const rowsRead = new Map<string, number>();
/** How long each statement took to answer, from sending to the last row (BENCH_TIMINGS=1 prints them for the read figures). */
export const statementMs = new Map<string, number[]>();

/** Wraps pg.Client.prototype.query to fill the maps above (BENCH_NO_COUNT=1 leaves it alone). */
export function countStatements() {
  const countedQuery = pg.Client.prototype.query;
  if (process.env.BENCH_NO_COUNT !== '1')
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string; name?: string };
      const text = typeof config === 'string' ? config : ((config?.name && isPreparedName(config.name) ? config.text : config?.name) ?? config?.text ?? '');
      const key = text
        .slice(0, 90)
        .replace(/\s+/g, ' ')
        .replace(/'[^']*'|\d+/g, '?')
        .trim()
        .slice(0, 60);
      statements.set(key, (statements.get(key) ?? 0) + 1);
      const started = performance.now();
      const result = (countedQuery as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        void result.then(
          (answer: { rowCount?: number | null; rows?: unknown[] }) => {
            rowsRead.set(key, (rowsRead.get(key) ?? 0) + (answer?.rows?.length ?? 0));
            const timings = statementMs.get(key);
            if (timings) timings.push(performance.now() - started);
            else statementMs.set(key, [performance.now() - started]);
          },
          () => {},
        );
      }
      return result;
    } as typeof pg.Client.prototype.query;
}

/** The sum of the statements counted since the maps were last cleared. */
export const statementTotal = () => [...statements.values()].reduce((sum, n) => sum + n, 0);

/**
 * The machine's CPU ticks since boot, all cores: user, nice, system, idle, iowait, irq, softirq, steal (/proc/stat;
 * the guest columns after them are already inside user and nice).
 */
export function machineCpuTicks(): number[] {
  return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
}

/** Idle, I/O wait and steal percent of the machine's ticks since `before` (a machineCpuTicks() reading). */
export function machineShare(before: number[]): { idle: number; iowait: number; steal: number } {
  const machine = machineCpuTicks().map((ticks, index) => ticks - before[index]!);
  const total = machine.reduce((sum, ticks) => sum + ticks, 0) || 1;
  return { idle: (machine[3]! / total) * 100, iowait: (machine[4]! / total) * 100, steal: (machine[7]! / total) * 100 };
}

/**
 * The machine's share from now on, to read a run's figures against (steal: taken by the host). `report()` prints it
 * as two figures, named as each bench has always named them.
 */
export function machineWatch(names: { idle: string; steal: string } = { idle: 'machine_idle_share', steal: 'machine_steal_share' }) {
  const before = machineCpuTicks();
  return {
    share: () => machineShare(before),
    report() {
      const { idle, steal } = machineShare(before);
      figure(names.idle, idle, '%');
      figure(names.steal, steal, '%');
    },
  };
}

/** The 1, 5 and 15 minute load averages as /proc/loadavg writes them. */
export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * CPU milliseconds spent so far by the embedded Postgres (the postmaster this process started and
 * its backends, reaped ones included) — with this process's own, a cost per message that a busy
 * machine stretches far less than latencies.
 */
export function postgresCpuMs(): number {
  const ticksPerMs = 100 / 1000;
  const stat = (pid: string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const children = (pid: string) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  let ticks = 0;
  for (const pid of children(String(process.pid))) {
    if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
    const own = stat(pid);
    // Fields after the command: utime, stime, cutime, cstime are the 12th to 15th.
    ticks += Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const backend of children(pid)) {
      try {
        const fields = stat(backend);
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The backend ended between the listing and the read: its time is in the postmaster's now.
      }
    }
  }
  return ticks / ticksPerMs;
}

/** CPU milliseconds a process has used (0 for none). */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** This process's read and write system calls so far (/proc/self/io): on loopback each write also pays the peer's receive. */
export function ioCalls(): { reads: number; writes: number } {
  const io = Object.fromEntries(
    readFileSync('/proc/self/io', 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(': ') as [string, string]),
  );
  return { reads: Number(io.syscr), writes: Number(io.syscw) };
}
