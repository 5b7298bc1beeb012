import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { contactStream, messageStream, type EventToAppend } from '@conversa/contracts';
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
    expect(lines.at(-1)).toMatch(/^done: sealed/);
    expect(await unsealed()).toBe(0);
    expect(await clearRows()).toBe(0);
    const verified = await verifyStreams('all', server.wiring.store, server.wiring.db);
    expect(verified.ok, describeBroken(verified)).toBe(true);
    const { rows: rewrites } = await admin.query(`select count(distinct stream_id)::int as n from eventstore.chain_rewrites`);
    expect(rewrites[0].n).toBe(STREAMS * 2);

    // Readers see the clear values again; a second run finds nothing left.
    const [created] = await server.wiring.store.readStream(contactStream(900_007));
    expect(created!.data).toMatchObject({ name: 'Legado 7 marcalegado' });
    const messages = await server.wiring.store.readAll({ filter: { eventTypes: ['MessageEdited'] } });
    expect(messages.map((event) => (event.data as { body: string }).body)).toContain('editado marcalegado 7');
    expect((await runLgpdMigrate(server.wiring, () => {})).streams).toBe(0);
  });

  it('refuses on EventStoreDB, which never rewrites an event', async () => {
    const wiring = { ...server.wiring, config: { ...server.wiring.config, eventStoreUrl: 'esdb://localhost:2113' } };
    await expect(runLgpdMigrate(wiring, () => {})).rejects.toThrow(/EventStoreDB never rewrites/);
  });
});
