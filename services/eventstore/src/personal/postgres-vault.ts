import { randomBytes } from 'node:crypto';
import { migratedPool } from '../postgres/ddl';
import { assertSchemaName } from '../postgres/migration';
import type { DataKey, KeyDestruction, KeyScope, KeyVault } from './vault';

/** Seals a data key with the operator's key (services/core's SecretBox under SECRETS_KEY fits). */
export interface KeySealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export interface PostgresKeyVaultOptions {
  connectionString: string;
  sealer: KeySealer;
  /** Its own schema, outside what the analysts' role reads, dumped and kept apart (docs/lgpd.md). Defaults to 'keys'. */
  schema?: string;
  poolSize?: number;
}

const ddl = (s: string): string => `
create schema if not exists ${s};
revoke all on schema ${s} from public;
create table if not exists ${s}.data_keys (
  -- What sealed fields name (pd1.<id>.…): the key's id, never reused.
  id bigserial primary key,
  company_id integer not null,
  contact_id integer not null,
  -- '' the contact's identity key; 'YYYY-MM-DD' (UTC) the key of that day's message contents.
  period text not null,
  -- 1 for a scope's first key, one more for each key made after the previous was destroyed.
  generation integer not null,
  -- The AES-256 key, base64, sealed by the operator's key; null once destroyed.
  sealed_key text,
  created_at timestamptz not null default now(),
  destroyed_at timestamptz
);
-- One live key per scope: racing creators meet here.
create unique index if not exists data_keys_live on ${s}.data_keys (company_id, contact_id, period) where destroyed_at is null;
-- Retention destroys a company's period keys by day.
create index if not exists data_keys_live_periods on ${s}.data_keys (company_id, period) where destroyed_at is null;`;

/** Data keys in Postgres, sealed by the operator's key; a destroyed key's row stays, without its key. */
export async function createPostgresKeyVault(options: PostgresKeyVaultOptions): Promise<KeyVault> {
  const s = assertSchemaName(options.schema ?? 'keys');
  const pool = await migratedPool({ ...options, applicationName: 'conversa-keys' }, { lock: `conversa-keys-migration:${s}`, ddl: ddl(s) });
  const unseal = (sealed: string): Buffer => Buffer.from(options.sealer.open(sealed), 'base64');
  const live = async (scope: KeyScope): Promise<DataKey | null> => {
    const { rows } = await pool.query<{ id: string; sealed_key: string }>({
      name: `${s}-live-key`,
      text: `select id, sealed_key from ${s}.data_keys where company_id = $1 and contact_id = $2 and period = $3 and destroyed_at is null`,
      values: [scope.companyId, scope.contactId, scope.period],
    });
    return rows[0] ? { id: Number(rows[0].id), key: unseal(rows[0].sealed_key) } : null;
  };
  return {
    async create(scope) {
      const found = await live(scope);
      if (found) return found;
      const key = randomBytes(32);
      const { rows } = await pool.query<{ id: string }>({
        name: `${s}-create-key`,
        text: `insert into ${s}.data_keys (company_id, contact_id, period, generation, sealed_key)
          select $1, $2, $3, coalesce(max(generation), 0) + 1, $4 from ${s}.data_keys where company_id = $1 and contact_id = $2 and period = $3
          on conflict (company_id, contact_id, period) where destroyed_at is null do nothing returning id`,
        values: [scope.companyId, scope.contactId, scope.period, options.sealer.seal(key.toString('base64'))],
      });
      if (rows[0]) return { id: Number(rows[0].id), key };
      // Another writer made it first: theirs is the live one.
      const theirs = await live(scope);
      if (!theirs) throw new Error(`Data key of contact ${scope.contactId} (${scope.period || 'identity'}) was destroyed while being made`);
      return theirs;
    },
    async open(ids) {
      const keys = new Map<number, Buffer | null>(ids.map((id) => [id, null]));
      if (ids.length === 0) return keys;
      const { rows } = await pool.query<{ id: string; sealed_key: string }>({
        name: `${s}-open-keys`,
        text: `select id, sealed_key from ${s}.data_keys where id = any($1::bigint[]) and sealed_key is not null`,
        values: [ids],
      });
      for (const row of rows) keys.set(Number(row.id), unseal(row.sealed_key));
      return keys;
    },
    async destroy(what: KeyDestruction) {
      const { rowCount } =
        'contactId' in what
          ? await pool.query(
              `update ${s}.data_keys set sealed_key = null, destroyed_at = now() where company_id = $1 and contact_id = $2 and destroyed_at is null`,
              [what.companyId, what.contactId],
            )
          : await pool.query(
              `update ${s}.data_keys set sealed_key = null, destroyed_at = now() where company_id = $1 and period <> '' and period < $2 and destroyed_at is null`,
              [what.companyId, what.periodsBefore],
            );
      return rowCount ?? 0;
    },
    close: () => pool.end(),
  };
}
