/**
 * Measuring helpers shared by the benches: JSON figure lines, a timestamped log on stderr,
 * percentiles, and CPU read from /proc (the machine's ticks, a process's, the embedded Postgres's).
 * `countStatements()` counts what this process sends to Postgres; it patches pg only when called.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { isPreparedName } from '@conversa/projections/prepared';

export const figure = (name: string, value: number, unit: string) =>
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(2)), unit })}\n`);
export const log = (text: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);
export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

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

/** The machine's CPU ticks since boot, all cores: user, nice, system, idle, iowait, irq, softirq, steal… (/proc/stat). */
export function machineCpuTicks(): number[] {
  return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
}

/** Idle and steal percent of the machine's ticks since `before` (a machineCpuTicks() reading). */
export function machineShare(before: number[]): { idle: number; steal: number } {
  const machine = machineCpuTicks().map((ticks, index) => ticks - before[index]!);
  const total = machine.reduce((sum, ticks) => sum + ticks, 0);
  return { idle: (machine[3]! / total) * 100, steal: (machine[7]! / total) * 100 };
}

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
