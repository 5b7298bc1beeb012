/**
 * CPU time of the processes a bench runs (bench:cluster): each role process, the Postgres server
 * (its postmaster, every live backend and helper, and the children it has reaped) and the
 * nats-server, read from /proc in clock ticks. CPU time, unlike latency, is what a process spent
 * whatever the other load on the machine, so per-message figures compare across runs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);

interface Stat {
  pid: number;
  ppid: number;
  /** utime + stime, ms. */
  own: number;
  /** cutime + cstime: children it has waited for, ms. */
  reaped: number;
}

function stat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]);
  return { pid, ppid: at(4), own: (at(14) + at(15)) * TICK_MS, reaped: (at(16) + at(17)) * TICK_MS };
}

const allPids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** A process and every descendant alive now, plus what its reaped children used. */
function treeCpu(root: number): number {
  const stats = allPids()
    .map(stat)
    .filter((s): s is Stat => s !== undefined);
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const top = stats.find((s) => s.pid === root);
  if (!top) return 0;
  let total = top.reaped;
  const walk = (s: Stat) => {
    total += s.own;
    for (const child of children.get(s.pid) ?? []) walk(child);
  };
  walk(top);
  return total;
}

/** The pid of a running process whose command line has every one of `parts`. */
export function findProcess(parts: readonly string[]): number | undefined {
  for (const pid of allPids()) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue;
    }
    if (parts.every((part) => cmdline.includes(part))) return pid;
  }
  return undefined;
}

/** The parent of a process (a Postgres backend's parent is the postmaster). */
export const parentOf = (pid: number): number | undefined => stat(pid)?.ppid;

export interface Measured {
  /** Group name → pid roots summed into it (role processes by role, postgres, nats). */
  groups: Record<string, number[]>;
}

/** CPU ms per group, now. */
export function sample(measured: Measured): Record<string, number> {
  return Object.fromEntries(Object.entries(measured.groups).map(([group, pids]) => [group, pids.reduce((sum, pid) => sum + treeCpu(pid), 0)]));
}

/** Pins a process (and its threads) to these CPUs, e.g. '1' or '0-1'; false when taskset refused. */
export function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
