import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Exclusive ownership of one projector across processes: a Postgres session advisory lock held
 * on a dedicated connection. When the holder stops, the lock is released; when it dies, Postgres
 * ends its session and releases it. A waiter blocks in `pg_advisory_lock`, so Postgres hands the
 * lock over the moment it is free, without polling.
 */
export interface Lease {
  readonly name: string;
  /** Resolves (with the cause) if the connection holding the lock is lost: stop writing at once. */
  readonly lost: Promise<Error>;
  release(): Promise<void>;
}

export class LeaseAbortedError extends Error {
  constructor(name: string) {
    super(`Stopped waiting for the lease of ${name}`);
    this.name = 'LeaseAbortedError';
  }
}

/** Who holds a lease right now, as Postgres sees it (for operators). */
export interface LeaseHolder {
  pid: number;
  applicationName: string;
  clientAddress: string | null;
}

/** 64-bit lock key from the name; namespaced so other singletons (scheduler, sessions) do not collide. */
export function leaseKey(name: string): bigint {
  return createHash('sha256').update(`conversa.projection:${name}`).digest().readBigInt64BE(0);
}

export interface AcquireLeaseOptions {
  /** Aborting cancels the wait (and rejects with LeaseAbortedError). */
  signal?: AbortSignal;
  /** Called once if the lease is taken, before blocking for it. */
  onWaiting?: (holder: LeaseHolder | undefined) => void;
}

export async function acquireLease(connectionString: string, name: string, options: AcquireLeaseOptions = {}): Promise<Lease> {
  const { signal } = options;
  if (signal?.aborted) throw new LeaseAbortedError(name);
  const key = leaseKey(name);
  const client = new pg.Client({
    connectionString,
    application_name: `conversa-projector:${name}`.slice(0, 63),
    // A holder whose machine vanishes must not keep the lock until the kernel gives up on the socket.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  let resolveLost!: (error: Error) => void;
  const lost = new Promise<Error>((resolve) => (resolveLost = resolve));
  let released = false;
  // Without an 'error' listener a dropped connection would crash the process instead of ending the lease.
  client.on('error', (error) => resolveLost(error));
  client.on('end', () => {
    if (!released) resolveLost(new Error(`Lease connection of ${name} ended`));
  });
  await client.connect();

  let blocked = false;
  const onAbort = () => {
    // The blocking lock call cannot be interrupted from this connection; cancel it from another one,
    // again until it gives up, since a cancel that lands just before the call starts is lost.
    void (async () => {
      while (blocked) {
        try {
          await cancelBackend(connectionString, client);
        } catch {
          await client.end().catch(() => {});
          return;
        }
        if (blocked) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
  };
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key.toString()]);
    if (!rows[0]?.locked) {
      options.onWaiting?.(await leaseHolder(client, key));
      blocked = true;
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      try {
        await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
      } finally {
        blocked = false;
      }
    }
  } catch (error) {
    released = true;
    await client.end().catch(() => {});
    if (signal?.aborted) throw new LeaseAbortedError(name);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (signal?.aborted) {
    released = true;
    await client.end().catch(() => {});
    throw new LeaseAbortedError(name);
  }

  return {
    name,
    lost,
    async release() {
      if (released) return;
      released = true;
      // Ending the session releases the lock too; unlocking first just hands it over sooner.
      await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()]).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

async function cancelBackend(connectionString: string, client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID?: number }).processID;
  if (!pid) throw new Error('no backend pid');
  const control = new pg.Client({ connectionString });
  control.on('error', () => {});
  await control.connect();
  try {
    await control.query('select pg_cancel_backend($1)', [pid]);
  } finally {
    await control.end();
  }
}

async function leaseHolder(client: pg.Client, key: bigint): Promise<LeaseHolder | undefined> {
  // A bigint advisory key shows in pg_locks split into two 32-bit halves, with objsubid 1.
  const unsigned = BigInt.asUintN(64, key);
  const classid = (unsigned >> 32n).toString();
  const objid = (unsigned & 0xffffffffn).toString();
  const { rows } = await client.query<{ pid: number; application_name: string; client_addr: string | null }>(
    `select l.pid, a.application_name, a.client_addr::text
     from pg_locks l left join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.objsubid = 1
       and l.classid = $1::oid and l.objid = $2::oid and l.database = (select oid from pg_database where datname = current_database())`,
    [classid, objid],
  );
  const row = rows[0];
  return row && { pid: row.pid, applicationName: row.application_name ?? '', clientAddress: row.client_addr };
}
