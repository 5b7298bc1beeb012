import { testDatabase } from '@conversa/testing/database';
import { initAuthCreds, proto } from '@whiskeysockets/baileys';
import type { ReadDatabase } from '@conversa/projections/database';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsappAuthStore, migrateWhatsappAuth, type WhatsappAuthStore } from '../src/whatsapp/auth-state';

let db: Kysely<ReadDatabase>;
let drop: () => Promise<void>;
let store: WhatsappAuthStore;

beforeAll(async () => {
  const database = await testDatabase('wa_auth');
  drop = database.drop;
  db = new Kysely<ReadDatabase>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 4 }) }) });
  await migrateWhatsappAuth(db);
  // A second run (every process start migrates) changes nothing.
  await migrateWhatsappAuth(db);
  store = createWhatsappAuthStore(db);
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

describe('WhatsApp auth state in Postgres', () => {
  it('starts a connection without a session on fresh credentials, and keeps them once saved', async () => {
    const first = await store.load(11);
    expect(first.state.creds.me).toBeUndefined();
    expect(await store.isRegistered(11)).toBe(false);

    // What Baileys does on pairing: merges creds.update into state.creds, then the session saves.
    Object.assign(first.state.creds, { me: { id: '5511987654321:12@s.whatsapp.net', lid: '123456789012345:12@lid', name: 'Loja' } });
    await first.saveCreds();

    // Another process (after a restart, or taking the lease over) resumes the same pairing: no QR.
    const resumed = await createWhatsappAuthStore(db).load(11);
    expect(await store.isRegistered(11)).toBe(true);
    expect(resumed.state.creds.me?.id).toBe('5511987654321:12@s.whatsapp.net');
    // Key material survives the round trip byte for byte (BufferJSON: bytes as base64).
    expect(Buffer.from(resumed.state.creds.noiseKey.private)).toEqual(Buffer.from(first.state.creds.noiseKey.private));
    expect(Buffer.isBuffer(resumed.state.creds.signedIdentityKey.public)).toBe(true);
    expect(resumed.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);
  });

  it('reads and writes Signal keys by family and id, deletes the ones set to null, in one transaction', async () => {
    const { state } = await store.load(12);
    const preKey = { public: Buffer.from('pub-1'), private: Buffer.from('priv-1') };
    await state.keys.set({
      'pre-key': { '1': preKey, '2': { public: Buffer.from('pub-2'), private: Buffer.from('priv-2') } },
      session: { '5511987654321.0': Buffer.from('session bytes') },
      'lid-mapping': { '5511987654321': '123456789012345', '123456789012345_reverse': '5511987654321' },
    });
    // A fresh process reads them from the table, not from a cache.
    const { state: fresh } = await createWhatsappAuthStore(db).load(12);
    const preKeys = await fresh.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(preKeys).sort()).toEqual(['1', '2']);
    expect(Buffer.from(preKeys['1']!.private).toString()).toBe('priv-1');
    expect(Buffer.from((await fresh.keys.get('session', ['5511987654321.0']))['5511987654321.0']!).toString()).toBe('session bytes');
    expect(await fresh.keys.get('lid-mapping', ['123456789012345_reverse'])).toEqual({ '123456789012345_reverse': '5511987654321' });

    await fresh.keys.set({ 'pre-key': { '1': null } });
    const { state: later } = await createWhatsappAuthStore(db).load(12);
    expect(Object.keys(await later.keys.get('pre-key', ['1', '2']))).toEqual(['2']);
  });

  it('gives app-state-sync keys back as protobuf objects, as Baileys expects', async () => {
    const { state } = await store.load(13);
    const keyData = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('secret'), timestamp: 1_763_700_000_000 });
    await state.keys.set({ 'app-state-sync-key': { AAAAAQ: keyData } });
    const { state: fresh } = await createWhatsappAuthStore(db).load(13);
    const found = (await fresh.keys.get('app-state-sync-key', ['AAAAAQ']))['AAAAAQ']!;
    expect(found).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(found.keyData!).toString()).toBe('secret');
  });

  it('keeps connections apart, and clear forgets one session entirely (the next start shows a QR code)', async () => {
    const a = await store.load(21);
    const b = await store.load(22);
    Object.assign(a.state.creds, { me: { id: '5511911111111:1@s.whatsapp.net' } });
    Object.assign(b.state.creds, { me: { id: '5511922222222:1@s.whatsapp.net' } });
    await a.saveCreds();
    await b.saveCreds();
    await a.state.keys.set({ 'pre-key': { '7': { public: Buffer.from('a'), private: Buffer.from('a') } } });
    await b.state.keys.set({ 'pre-key': { '7': { public: Buffer.from('b'), private: Buffer.from('b') } } });

    await store.clear(21);
    expect(await store.isRegistered(21)).toBe(false);
    const again = await createWhatsappAuthStore(db).load(21);
    expect(again.state.creds.me).toBeUndefined();
    expect(await again.state.keys.get('pre-key', ['7'])).toEqual({});
    // The other connection is untouched.
    expect(await store.isRegistered(22)).toBe(true);
    const other = await createWhatsappAuthStore(db).load(22);
    expect(Buffer.from((await other.state.keys.get('pre-key', ['7']))['7']!.public).toString()).toBe('b');
    const rows = await sql<{ count: string }>`select count(*) from channels.whatsapp_auth where connection_id = 21`.execute(db);
    expect(Number(rows.rows[0]!.count)).toBe(0);
  });

  it('new credentials are real key material, different for each unpaired connection', async () => {
    const one = await store.load(31);
    const two = await store.load(32);
    expect(one.state.creds.noiseKey.public).toHaveLength(32);
    expect(Buffer.from(one.state.creds.noiseKey.public)).not.toEqual(Buffer.from(two.state.creds.noiseKey.public));
    expect(Object.keys(initAuthCreds()).sort()).toEqual(Object.keys(one.state.creds).sort());
  });
});
