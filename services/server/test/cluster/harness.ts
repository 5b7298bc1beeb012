import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { leaseKey } from '@conversa/platform';
import pg from 'pg';
import { serverBundle } from './bundle';
import { startNatsServer, type NatsServer } from '../../../testing/src/nats';
import { freePort, startPostgres } from '../../../testing/src/postgres';

/**
 * The product's roles as separate processes on one Postgres and a real `nats-server`, for the
 * cluster test and `pnpm bench:cluster` (docs/scaling.md). Each role is `node <bundle> <role>`, the
 * bundle being services/server/src/main.ts built by ./bundle.ts (node itself, not a wrapper that
 * forks: SIGKILL must reach the server); a process counts as started when it prints its ready line.
 */
export type Role = 'start' | 'api' | 'edge' | 'projector' | 'reactors' | 'channels' | 'automation';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const readyLine: Record<Role, RegExp> = {
  start: /Conversa \(start\) ready/,
  api: /Conversa \(api\) ready/,
  edge: /Conversa \(edge\) ready/,
  projector: /Conversa projector running/,
  reactors: /Conversa reactors running/,
  channels: /Conversa channels running/,
  automation: /Conversa automation running/,
};

// A test worker that dies (or a bench that throws) must not leave servers behind it.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export const ADMIN = { email: 'root@cluster.test', password: 'S3cret-pass' };

export interface RoleProcess {
  name: string;
  role: Role;
  child: ChildProcess;
  /** http://127.0.0.1:<port> for start, api and edge. */
  url?: string;
  /** The last lines it printed (stdout and stderr), for a failure's message. */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first line (already printed or to come) matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** kill -9: no shutdown hook runs, Postgres and NATS see the connections die. */
  kill9(): Promise<void>;
  /** SIGTERM, the graceful stop. */
  stop(): Promise<void>;
}

export interface Cluster {
  databaseUrl: string;
  natsUrl?: string;
  dataDir: string;
  processes: RoleProcess[];
  /** Starts one more process of a role (a standby, a replacement). */
  spawn(name: string, role: Role, env?: Record<string, string>): Promise<RoleProcess>;
  /** A read connection to the cluster's database (leases, read models). */
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** Without a NATS server the processes use the in-process bus (only sound for `start` alone). */
  nats: boolean;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** Options for node itself, before the bundle (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}

/** A throw-away Postgres (its own server: the roles together hold ~150 connections) and, if asked, a nats-server. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const [main, postgres] = await Promise.all([serverBundle(), startPostgres()]);
  let nats: NatsServer | undefined;
  try {
    nats = options.nats ? await startNatsServer() : undefined;
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  const databaseUrl = postgres.adminUrl;
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-cluster-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  const processes: RoleProcess[] = [];
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'cluster-secret-'.repeat(4),
    SECRETS_KEY: 'cluster-secrets-key-'.repeat(3),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    // info: the projector runtime's 'standing by' line, which cluster.spec waits for, is an info line.
    LOG_LEVEL: 'info',
    ...(nats ? { NATS_URL: nats.url } : {}),
    ...options.env,
  };
  return {
    databaseUrl,
    natsUrl: nats?.url,
    dataDir,
    processes,
    async spawn(name, role, extra = {}) {
      const started = await spawnRole(main, name, role, { ...env, ...extra }, options.nodeArgs ?? []);
      processes.push(started);
      return started;
    },
    async sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await pool.query<T>(text, values)).rows;
    },
    async close() {
      await Promise.all(processes.map((process) => process.kill9()));
      await pool.end().catch(() => {});
      await nats?.stop();
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function spawnRole(main: string, name: string, role: Role, env: Record<string, string>, nodeArgs: string[]): Promise<RoleProcess> {
  const port = role === 'start' || role === 'api' || role === 'edge' ? await freePort() : undefined;
  const child = spawn(process.execPath, [...nodeArgs, main, role], {
    cwd: root,
    env: { ...process.env, ...env, ...(port ? { PORT: String(port) } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const lines: string[] = [];
  const watchers = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const onChunk = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > 300) lines.shift();
        for (const watcher of [...watchers]) {
          if (watcher.pattern.test(line)) {
            watchers.delete(watcher);
            watcher.resolve(line);
          }
        }
      }
    });
  };
  onChunk(child.stdout!);
  onChunk(child.stderr!);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const describe = () => `${name} (${role}) output:\n${lines.slice(-40).join('\n')}`;
  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const watcher = {
        pattern,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        watchers.delete(watcher);
        reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms; ${describe()}`));
      }, timeoutMs);
      watchers.add(watcher);
      void exited.then(({ code, signal }) => {
        if (!watchers.has(watcher)) return;
        watchers.delete(watcher);
        clearTimeout(timer);
        reject(new Error(`${name} exited (${code ?? signal}) before printing ${pattern}; ${describe()}`));
      });
    });
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (gone()) return;
    child.kill(signal);
    await exited;
  };
  const started: RoleProcess = {
    name,
    role,
    child,
    url: port ? `http://127.0.0.1:${port}` : undefined,
    lines,
    exited,
    waitForLine,
    kill9: () => kill('SIGKILL'),
    stop: () => kill('SIGTERM'),
  };
  try {
    await waitForLine(readyLine[role], 120_000);
  } catch (error) {
    await started.kill9();
    throw error;
  }
  return started;
}

/** The advisory-lock key of a projector's or reactor's lease, as pg_locks shows it (two 32-bit halves). */
export function leaseLockOf(name: string): { classid: string; objid: string } {
  const unsigned = BigInt.asUintN(64, leaseKey(name));
  return { classid: (unsigned >> 32n).toString(), objid: (unsigned & 0xffffffffn).toString() };
}

/** Whether some session holds the lease named (a projector's, a reactor's, or `session:<connection id>`). */
export async function leaseHeld(cluster: Cluster, name: string): Promise<boolean> {
  const { classid, objid } = leaseLockOf(name);
  const rows = await cluster.sql<{ held: boolean }>(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and classid = $1::oid and objid = $2::oid) as held`,
    [classid, objid],
  );
  return rows[0]?.held === true;
}

/** The process (its pid, from the lease connection's application name `…:<pid>`) holding a lease, or undefined. */
export async function leaseHolderPid(cluster: Cluster, name: string): Promise<number | undefined> {
  const { classid, objid } = leaseLockOf(name);
  const rows = await cluster.sql<{ application_name: string }>(
    `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and l.classid = $1::oid and l.objid = $2::oid`,
    [classid, objid],
  );
  const pid = Number(rows[0]?.application_name.split(':').at(-1));
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Polls `check` every `everyMs` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000, everyMs = 50): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
