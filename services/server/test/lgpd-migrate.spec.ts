import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { contactNumberStream, contactStream, legacyContactNumberStream, messageStream, type EventToAppend } from '@conversa/contracts';
import { inboundContext } from '@conversa/channels';
import { contactNumberGuard, createContact, eraseContact, foldStream, receiveMessage, systemActor } from '@conversa/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLgpdMigrate } from '../src/lgpd/migrate-command';
import { describeBroken, verifyStreams } from '../src/verify';
import { startTestServer, type TestServer } from './harness';

/**
 * `conversa lgpd migrate` (docs/lgpd.md "Migration"): events written in clear before sealing are
 * rewritten sealed, their chains recomputed; a run killed part-way (kill -9) is run again to the end.
 */
const root = join(import.meta.dirname, '../../..');
const child = join(import.meta.dirname, 'fixtures/lgpd-migrate-child.ts');
const STREAMS = 60;
const at = '2026-02-10T12:00:00.000Z';

let server: TestServer;
let admin: pg.Pool;

beforeAll(async () => {
  server = await startTestServer();
  admin = new pg.Pool({ connectionString: server.wiring.databaseUrl, max: 2 });
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

const meta = () => ({
  companyId: 1,
  actor: { kind: 'system' as const, id: 'legacy' },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: at,
  schemaVersion: 1,
});

/** A contact and a message of it, appended in clear as before sealing existed (the store underneath the sealed one). */
async function legacy(index: number): Promise<void> {
  const contactId = 900_000 + index;
  const contact: EventToAppend = {
    id: randomUUID(),
    type: 'ContactCreated',
    data: {
      contactId,
      name: `Legado ${index} marcalegado`,
      number: `55119000${String(index).padStart(5, '0')}`,
      email: '',
      profilePicUrl: null,
      extraInfo: [],
      channel: 'whatsapp',
      isGroup: false,
      disableBot: false,
      acceptAudioMessage: true,
      active: true,
    },
    metadata: meta(),
  };
  const messageId = randomUUID();
  const received: EventToAppend = {
    id: randomUUID(),
    type: 'MessageReceived',
    data: {
      messageId,
      ticketId: 1,
      contactId,
      whatsappId: null,
      body: `corpo marcalegado ${index}`,
      mediaType: 'chat',
      media: null,
      location: null,
      quotedMessageId: null,
      providerId: `legacy-${index}`,
      participant: null,
      receivedAt: at,
    },
    metadata: meta(),
  };
  const edited: EventToAppend = {
    id: randomUUID(),
    type: 'MessageEdited',
    data: { messageId, body: `editado marcalegado ${index}`, previousBody: `corpo marcalegado ${index}`, editedAt: at },
    metadata: meta(),
  };
  await server.wiring.eventStore.appendToStream(contactStream(contactId), [contact]);
  await server.wiring.eventStore.appendToStream(messageStream(messageId), [received, edited]);
}

const clearRows = async () => Number((await admin.query(`select count(*) as n from eventstore.events where data::text like '%marcalegado%'`)).rows[0].n);
const unsealed = async () =>
  Number(
    (
      await admin.query(
        `select count(*) as n from eventstore.events where type in ('ContactCreated', 'MessageReceived', 'MessageEdited') and not (metadata ? 'sealed')`,
      )
    ).rows[0].n,
  );

describe('conversa lgpd migrate', () => {
  it('seals what was stored in clear, keeps every chain valid, and resumes after kill -9', async () => {
    for (let index = 0; index < STREAMS; index++) await legacy(index);
    expect(await clearRows()).toBe(STREAMS * 3);

    const killed = spawn(process.execPath, ['--import', 'tsx', child, server.wiring.databaseUrl, server.wiring.config.secretsKey], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => killed.once('exit', () => resolve()));
    await new Promise<void>((resolve) => killed.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('progress') && resolve()));
    killed.kill('SIGKILL');
    await exited;

    // Part-way: the first batch is sealed, the rest still clear, and every chain verifies.
    const left = await unsealed();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(STREAMS * 3);
    const partWay = await verifyStreams('all', server.wiring.store, server.wiring.db);
    expect(partWay.ok, describeBroken(partWay)).toBe(true);

    const lines: string[] = [];
    const result = await runLgpdMigrate(server.wiring, (line) => lines.push(line));
    expect(result.sealed).toBe(left);
    expect(result.unowned).toBe(0);
    expect(lines).toContainEqual(expect.stringMatching(/^done: sealed/));
    expect(await unsealed()).toBe(0);
    expect(await clearRows()).toBe(0);
    const verified = await verifyStreams('all', server.wiring.store, server.wiring.db);
    expect(verified.ok, describeBroken(verified)).toBe(true);
    const { rows: rewrites } = await admin.query(`select count(distinct stream_id)::int as n from eventstore.chain_rewrites where reason like '%sealed'`);
    expect(rewrites[0].n).toBe(STREAMS * 2);

    // Readers see the clear values again; a second run finds nothing left.
    const [created] = await server.wiring.store.readStream(contactStream(900_007));
    expect(created!.data).toMatchObject({ name: 'Legado 7 marcalegado' });
    const messages = await server.wiring.store.readAll({ filter: { eventTypes: ['MessageEdited'] } });
    expect(messages.map((event) => (event.data as { body: string }).body)).toContain('editado marcalegado 7');
    expect((await runLgpdMigrate(server.wiring, () => {})).streams).toBe(0);
  });

  it('moves number guards named by their numbers to their digest streams, chains valid, resuming after kill -9', async () => {
    const GUARDS = 23;
    const key = (index: number) => `5521977${String(index).padStart(6, '0')}`;
    const claimed = (index: number, contactId: number, type = 'ContactNumberClaimed'): EventToAppend => ({
      id: randomUUID(),
      type,
      data: { key: key(index), contactId, ...(type === 'ContactNumberClaimed' ? { claimedAt: at } : {}) },
      metadata: meta(),
    });
    for (let index = 0; index < GUARDS; index++)
      await server.wiring.store.appendToStream(legacyContactNumberStream(1, key(index)), [claimed(index, 800_000 + index)]);
    // Guard 0 was freed before the deploy and claimed again after it, on its digest stream: the two merge.
    await server.wiring.store.appendToStream(legacyContactNumberStream(1, key(0)), [claimed(0, 800_000, 'ContactNumberReleased')]);
    const digestStream = contactNumberStream(1, server.wiring.ctx.numberDigest(1, key(0)));
    await server.wiring.store.appendToStream(digestStream, [claimed(0, 799_999)]);
    const named = async () =>
      Number((await admin.query(`select count(*)::int as n from eventstore.events where stream_id like 'contactnumber-1-5521977%'`)).rows[0].n);
    expect(await named()).toBe(GUARDS + 1);

    const killed = spawn(process.execPath, ['--import', 'tsx', child, server.wiring.databaseUrl, server.wiring.config.secretsKey, 'guards'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => killed.once('exit', () => resolve()));
    await new Promise<void>((resolve) => killed.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('progress') && resolve()));
    killed.kill('SIGKILL');
    await exited;
    const left = await named();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(GUARDS + 1);
    const partWay = await verifyStreams('all', server.wiring.store, server.wiring.db);
    expect(partWay.ok, describeBroken(partWay)).toBe(true);

    const lines: string[] = [];
    const result = await runLgpdMigrate(server.wiring, (line) => lines.push(line));
    expect(lines.at(-1)).toMatch(/^done: moved/);
    expect(result.guards.streams).toBeGreaterThan(0);
    expect(await named()).toBe(0);
    const { rows: ids } = await admin.query(`select stream_id from eventstore.streams where stream_id like '%5521977%'`);
    expect(ids).toEqual([]);
    const verified = await verifyStreams('all', server.wiring.store, server.wiring.db);
    expect(verified.ok, describeBroken(verified)).toBe(true);
    // The merged guard: the old claim and its release, then the claim made since; its holder is the last one.
    const merged = await server.wiring.store.readStream(digestStream);
    expect(merged.map((event) => event.type)).toEqual(['ContactNumberClaimed', 'ContactNumberReleased', 'ContactNumberClaimed']);
    expect(foldStream(contactNumberGuard, merged).ownerId).toBe(799_999);
    const moved = await server.wiring.store.readStream(contactNumberStream(1, server.wiring.ctx.numberDigest(1, key(7))));
    expect(moved.map((event) => event.data)).toEqual([{ key: key(7), contactId: 800_007, claimedAt: at }]);
    expect((await runLgpdMigrate(server.wiring, () => {})).guards.streams).toBe(0);
  });

  it('sees a claim made before the digest: the number keeps its contact before and after the migration', async () => {
    const number = '5531988776655';
    const contactId = await server.wiring.ctx.ids.next('contact');
    const details = { contactId, name: 'Antes do Resumo', number, email: '', profilePicUrl: null, extraInfo: [], channel: 'whatsapp', isGroup: false };
    const created = { ...details, disableBot: false, acceptAudioMessage: true, active: true };
    await server.wiring.store.appendToStream(contactStream(contactId), [{ id: randomUUID(), type: 'ContactCreated', data: created, metadata: meta() }]);
    await server.wiring.store.appendToStream(legacyContactNumberStream(1, number), [
      { id: randomUUID(), type: 'ContactNumberClaimed', data: { key: number, contactId, claimedAt: at }, metadata: meta() },
    ]);
    const inbound = () =>
      receiveMessage(inboundContext(server.wiring.ctx), {
        companyId: 1,
        whatsappId: null,
        channel: 'whatsapp',
        contact: { number, name: 'Antes do Resumo', isGroup: false },
        providerId: `before-digest-${randomUUID()}`,
        body: 'ainda sou eu',
        mediaType: 'chat',
        receivedAt: server.wiring.ctx.now(),
      });
    expect((await inbound()).contactId).toBe(contactId);
    const typed = { companyId: 1, actor: systemActor, number, name: 'Outra', channel: 'whatsapp' as const, isGroup: false };
    await expect(createContact(server.wiring.ctx, typed)).rejects.toMatchObject({ code: 'ERR_DUPLICATED_CONTACT', details: { contactId } });

    await runLgpdMigrate(server.wiring, () => {});
    const { rows: ids } = await admin.query(`select distinct stream_id from eventstore.events where stream_id like $1`, [`%${number}%`]);
    expect(ids).toEqual([]);
    const after = await inbound();
    expect(after.contactId).toBe(contactId);
    await server.wiring.ctx.waitForProjections(after.position);
    const { rows: contacts } = await admin.query(`select id from read.contacts where company_id = 1 and number = $1`, [number]);
    expect(contacts.map((row) => row.id)).toEqual([contactId]);
  });

  it('frees a number claimed before the digest when its contact is erased, before the guard moved', async () => {
    const number = '5531988770011';
    const contactId = await server.wiring.ctx.ids.next('contact');
    const created = { contactId, name: 'Antes Apagado', number, email: '', profilePicUrl: null, extraInfo: [], channel: 'whatsapp', isGroup: false };
    await server.wiring.store.appendToStream(contactStream(contactId), [
      { id: randomUUID(), type: 'ContactCreated', data: { ...created, disableBot: false, acceptAudioMessage: true, active: true }, metadata: meta() },
    ]);
    await server.wiring.store.appendToStream(legacyContactNumberStream(1, number), [
      { id: randomUUID(), type: 'ContactNumberClaimed', data: { key: number, contactId, claimedAt: at }, metadata: meta() },
    ]);
    await eraseContact(server.wiring.ctx, { companyId: 1, actor: systemActor, contactId, erasedBy: 1, reason: 'Pedido do titular' });
    const typed = { companyId: 1, actor: systemActor, number, name: 'Depois', channel: 'whatsapp' as const, isGroup: false };
    const fresh = await createContact(server.wiring.ctx, typed);
    expect(fresh.contactId).not.toBe(contactId);

    await runLgpdMigrate(server.wiring, () => {});
    const guard = await server.wiring.store.readStream(contactNumberStream(1, server.wiring.ctx.numberDigest(1, number)));
    expect(guard.map((event) => [event.type, (event.data as { contactId: number }).contactId])).toEqual([
      ['ContactNumberClaimed', contactId],
      ['ContactNumberReleased', contactId],
      ['ContactNumberClaimed', fresh.contactId],
    ]);
    await expect(createContact(server.wiring.ctx, typed)).rejects.toMatchObject({ code: 'ERR_DUPLICATED_CONTACT', details: { contactId: fresh.contactId } });
  });

  it('refuses on EventStoreDB, which never rewrites an event', async () => {
    const wiring = { ...server.wiring, config: { ...server.wiring.config, eventStoreUrl: 'esdb://localhost:2113' } };
    await expect(runLgpdMigrate(wiring, () => {})).rejects.toThrow(/EventStoreDB never rewrites/);
  });
});
