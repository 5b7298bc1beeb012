import { withSchemaLock } from '@conversa/platform';
import ipaddr from 'ipaddr.js';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where every request limit (login throttling, password reset, messages API) keeps its counts: one
 * Postgres table all API processes share, so N processes spend one budget. Rows only expire (no
 * eviction): a flood of made-up identities adds rows and cannot push a limited one out.
 */
export interface LimitStore {
  /** A counter of `points` per `duration` seconds; keys are hashed, `keyPrefix` names the budget. */
  limiter(options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract;
}

export async function migrateLimits<DB>(db: Kysely<DB>): Promise<void> {
  // Every API process runs it at start; the schema lock makes simultaneous first starts safe.
  await withSchemaLock(db, (trx) =>
    sql`
      create schema if not exists limits;
      create table if not exists limits.counters (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      );
      create index if not exists counters_expire on limits.counters (expire);
      comment on table limits.counters is 'Request limits shared by the API processes (rate-limiter-flexible''s Postgres store); never exposed to analysts.';
      comment on column limits.counters.key is 'budget name and the sha-256 of the identity (normalised e-mail, client address or network, connection id)';
      comment on column limits.counters.points is 'what the identity spent in the current window (past the budget: blocked)';
      comment on column limits.counters.expire is 'end of the window, milliseconds since the epoch';
    `.execute(trx),
  );
}

export function postgresLimits<DB>(db: Kysely<DB>): LimitStore {
  // rate-limiter-flexible speaks to a pg-like client; this one runs its statements on the read-model pool.
  const client = {
    async query(query: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(query.text, query.values ?? []));
      return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
  return {
    limiter: ({ keyPrefix, points, duration }) =>
      new RateLimiterPostgres({
        storeClient: client,
        storeType: 'client',
        schemaName: 'limits',
        tableName: 'counters',
        tableCreated: true,
        keyPrefix,
        points,
        duration,
      }),
  };
}

/** Counts in this process's memory only: what bench:limits weighs the shared store against. */
export const memoryLimits = (): LimitStore => ({ limiter: (options) => new RateLimiterMemory(options) });

/** A key that stores no e-mail or address in clear and fits the column whatever its input. */
export const hashedKey = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url');

/**
 * The client address as a limit counts it: an IPv4-mapped IPv6 address is its IPv4 one, and IPv6
 * counts per /64 (one host usually holds a whole /64 and could take a new address per try).
 */
export function clientAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/** An e-mail as one account: the login form's case and spaces do not make another. */
export const accountKey = (email: string) => email.normalize('NFKC').trim().toLowerCase();

/** Seconds until a refused identity may try again, at least 1. */
export const waitSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Spends a point; answers the seconds to wait when the budget is spent, or 0. */
export async function spend(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (error) {
    if (error instanceof RateLimiterRes) return waitSeconds(error.msBeforeNext);
    throw error;
  }
}
