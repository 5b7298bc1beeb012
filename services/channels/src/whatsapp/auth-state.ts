import {
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import { withSchemaLock } from '@conversa/platform';
import type { ReadDatabase } from '@conversa/projections/database';
import { sql, type Generated, type Kysely } from 'kysely';

/**
 * The WhatsApp session's credentials and Signal keys live in Postgres (not in files), so any process
 * that takes a connection's lease resumes its session without a new QR code. One row per key:
 * Baileys reads and writes keys by (category, id), hundreds at a time during a history sync.
 */
export async function migrateWhatsappAuth(db: Kysely<ReadDatabase>): Promise<void> {
  // Every process migrates it as it starts; schema channels is shared.
  await withSchemaLock(db, (trx) =>
    sql`
      create schema if not exists channels;
      create table if not exists channels.whatsapp_auth (
        connection_id integer not null,
        category text not null,
        key_id text not null,
        value text not null,
        updated_at timestamptz not null default now(),
        primary key (connection_id, category, key_id)
      );
      comment on table channels.whatsapp_auth is 'WhatsApp (Baileys) session secrets per connection: credentials and Signal keys. Secret: never exposed to analysts.';
      comment on column channels.whatsapp_auth.category is 'creds for the credentials; otherwise the Signal key family (pre-key, session, sender-key, app-state-sync-key, lid-mapping …)';
      comment on column channels.whatsapp_auth.value is 'JSON with Baileys BufferJSON encoding (bytes as base64)';
    `.execute(trx),
  );
}

/** The row holding the credentials themselves. */
const CREDS = { category: 'creds', keyId: '' } as const;

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string) => JSON.parse(text, BufferJSON.reviver);

export interface PostgresAuthState {
  state: AuthenticationState;
  /** Persists the credentials (call on every `creds.update`, after Baileys merged it into `state.creds`). */
  saveCreds(): Promise<void>;
}

export interface WhatsappAuthStore {
  /** Loads the connection's session (new credentials when it has none): what `makeWASocket({ auth })` takes. */
  load(connectionId: number): Promise<PostgresAuthState>;
  /** Whether the connection has paired credentials (a restart would resume without a QR code). */
  isRegistered(connectionId: number): Promise<boolean>;
  /** Forgets the session (logged out, or a new QR was asked for): the next start shows a QR code. */
  clear(connectionId: number): Promise<void>;
}

/** channels.whatsapp_auth as migrateWhatsappAuth creates it. */
interface WhatsappAuthTable {
  connection_id: number;
  category: string;
  key_id: string;
  value: string;
  updated_at: Generated<Date>;
}

export function createWhatsappAuthStore(shared: Kysely<ReadDatabase>): WhatsappAuthStore {
  // The channel's own table beside the read models' (same database, schema channels).
  const db = shared.withTables<{ 'channels.whatsapp_auth': WhatsappAuthTable }>();
  const table = 'channels.whatsapp_auth';

  async function readCreds(connectionId: number): Promise<AuthenticationCreds | undefined> {
    const row = await db
      .selectFrom(table)
      .select('value')
      .where('connection_id', '=', connectionId)
      .where('category', '=', CREDS.category)
      .where('key_id', '=', CREDS.keyId)
      .executeTakeFirst();
    return row ? (decode(row.value) as AuthenticationCreds) : undefined;
  }

  async function writeCreds(connectionId: number, creds: AuthenticationCreds): Promise<void> {
    await db
      .insertInto(table)
      .values({ connection_id: connectionId, category: CREDS.category, key_id: CREDS.keyId, value: encode(creds) })
      .onConflict((conflict) => conflict.columns(['connection_id', 'category', 'key_id']).doUpdateSet({ value: sql`excluded.value`, updated_at: sql`now()` }))
      .execute();
  }

  function keyStore(connectionId: number): SignalKeyStore {
    return {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const found: { [id: string]: SignalDataTypeMap[T] } = {};
        if (ids.length === 0) return found;
        const rows = await db
          .selectFrom(table)
          .select(['key_id', 'value'])
          .where('connection_id', '=', connectionId)
          .where('category', '=', type)
          .where('key_id', 'in', ids)
          .execute();
        for (const row of rows) {
          const value = decode(row.value);
          // Baileys reads this family as a protobuf object (its methods are used), not as plain JSON.
          found[row.key_id] = (type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(value) : value) as SignalDataTypeMap[T];
        }
        return found;
      },
      async set(data: SignalDataSet) {
        const upserts: Array<{ connection_id: number; category: string; key_id: string; value: string }> = [];
        const removals: Array<{ category: string; keyId: string }> = [];
        for (const [category, entries] of Object.entries(data)) {
          for (const [keyId, value] of Object.entries(entries ?? {})) {
            if (value === null || value === undefined) removals.push({ category, keyId });
            else upserts.push({ connection_id: connectionId, category, key_id: keyId, value: encode(value) });
          }
        }
        // One transaction: Baileys writes a session and its pre-key removal together, and a crash
        // between the two would leave a key that decrypts nothing.
        await db.transaction().execute(async (trx) => {
          if (upserts.length > 0) {
            await trx
              .insertInto(table)
              .values(upserts)
              .onConflict((conflict) =>
                conflict.columns(['connection_id', 'category', 'key_id']).doUpdateSet({ value: sql`excluded.value`, updated_at: sql`now()` }),
              )
              .execute();
          }
          if (removals.length > 0) {
            await trx
              .deleteFrom(table)
              .where('connection_id', '=', connectionId)
              .where((eb) => eb.or(removals.map((removal) => eb.and([eb('category', '=', removal.category), eb('key_id', '=', removal.keyId)]))))
              .execute();
          }
        });
      },
      async clear() {
        await db.deleteFrom(table).where('connection_id', '=', connectionId).where('category', '<>', CREDS.category).execute();
      },
    };
  }

  return {
    async load(connectionId) {
      const creds = (await readCreds(connectionId)) ?? initAuthCreds();
      const state: AuthenticationState = { creds, keys: makeCacheableSignalKeyStore(keyStore(connectionId)) };
      return { state, saveCreds: () => writeCreds(connectionId, state.creds) };
    },
    async isRegistered(connectionId) {
      const creds = await readCreds(connectionId);
      return Boolean(creds?.me?.id);
    },
    async clear(connectionId) {
      await db.deleteFrom(table).where('connection_id', '=', connectionId).execute();
    },
  };
}
