/**
 * LGPD crypto-shredding figures: `pnpm bench:lgpd` (docs/lgpd.md). The real product on one process
 * (embedded Postgres, projections, reactors) on fresh data dirs, driven through the sandbox channel:
 *   - CPU per inbound message (this process, and with the embedded Postgres) with personal fields
 *     sealed and without, in alternating rounds (BENCH_LGPD_ROUNDS each, BENCH_LGPD_MESSAGES messages, the
 *     order swapped every round, after a warm-up product not counted: the process warms up as it goes),
 *     counted until every projector and reactor has handled them (their reads open the fields too);
 *   - `conversa lgpd migrate`'s rate over the clear log the last unsealed round left, plus
 *     BENCH_LGPD_MIGRATE_MESSAGES (20,000) messages of one contact over 30 days appended in clear (events/s);
 *   - erasing a contact with BENCH_LGPD_ERASE_MESSAGES (10,000) messages over 30 days: ContactErased
 *     appended until the key shredder has destroyed its keys.
 *   - the codec alone, without I/O (keys in memory): CPU to seal an inbound message's MessageReceived
 *     and open it once (what the sealed store adds per message, the tail's memo sharing the opening
 *     among subscribers), a figure the machine's load does not stretch the way it does the rounds'.
 * One JSON line per figure on stdout; progress on stderr.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { contactStream, messageStream, productEventRegistry, type EventToAppend, type RecordedEvent } from '@conversa/contracts';
import { cachedVault, createPersonalCodec, sealStoredEvents, type KeyVault } from '@conversa/eventstore/personal/index';
import type { EventStore } from '@conversa/eventstore';
import type { Wiring } from '../src/wiring';
import { figure, log, median, postgresCpuMs, runBench } from './kit/measure';
import { withProduct, type Sandbox } from './kit/product';
import { messageReceived } from './kit/tables';

const MESSAGES = Number(process.env.BENCH_LGPD_MESSAGES ?? 600);
const ROUNDS = Number(process.env.BENCH_LGPD_ROUNDS ?? 3);
const ERASE_MESSAGES = Number(process.env.BENCH_LGPD_ERASE_MESSAGES ?? 10_000);
const MIGRATE_MESSAGES = Number(process.env.BENCH_LGPD_MIGRATE_MESSAGES ?? 20_000);
const CONTACTS = 50;
const CONCURRENCY = 8;

type Deliver = Sandbox['deliver'];

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Until every projector and reactor has handled everything stored. */
async function settled(wiring: Wiring): Promise<void> {
  for (;;) {
    const head = await wiring.store.headPosition();
    if (!head) return;
    await wiring.reactors.waitForPosition(head, { signal: AbortSignal.timeout(300_000) });
    await wiring.runtime.waitForPosition(head, { signal: AbortSignal.timeout(300_000) });
    const after = await wiring.store.headPosition();
    if (after && after.commit === head.commit && after.prepare === head.prepare) return;
  }
}

/** A product of its own, its fields sealed or not, with a sandbox connection to deliver through. */
const product = (seal: boolean, run: (wiring: Wiring, deliver: Deliver, sandboxId: number) => Promise<void>) =>
  withProduct({ name: 'lgpd', wire: { sealPersonalData: seal }, http: { edge: true }, sessions: true }, async ({ wiring, addSandbox }) => {
    const sandbox = await addSandbox();
    await run(wiring, sandbox.deliver, sandbox.id);
  });

/** Node and Postgres CPU per inbound message, everything downstream handled. */
async function inbound(wiring: Wiring, deliver: Deliver, round: string) {
  for (let index = 0; index < 150; index++)
    await deliver({ id: `warm-${round}-${index}`, from: String(5511980000000 + (index % CONTACTS)), name: `Contato ${index}`, body: 'aquecimento' });
  await settled(wiring);
  const node0 = cpuMs();
  const pg0 = postgresCpuMs();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let index = next++; index < MESSAGES; index = next++) {
        await deliver({
          id: `bench-${round}-${index}`,
          from: String(5511980000000 + (index % CONTACTS)),
          name: `Contato ${index % CONTACTS}`,
          body: `Mensagem ${index}: meu endereço é Rua das Flores, ${index}`,
        });
      }
    }),
  );
  await settled(wiring);
  return { node: (cpuMs() - node0) / MESSAGES, all: (cpuMs() - node0 + postgresCpuMs() - pg0) / MESSAGES };
}

/** Seal and open a MessageReceived with an in-memory vault: the codec's own CPU, in microseconds per message. */
async function codecAlone(): Promise<number> {
  const keys = new Map<number, Buffer>();
  const memory: KeyVault = {
    async create() {
      const id = keys.size + 1;
      keys.set(id, randomBytes(32));
      return { id, key: keys.get(id)! };
    },
    async open(ids) {
      return new Map(ids.map((id) => [id, keys.get(id) ?? null]));
    },
    destroy: async () => 0,
    close: async () => {},
  };
  const codec = createPersonalCodec({ registry: productEventRegistry(), vault: cachedVault(memory) });
  const noStore = {} as EventStore;
  const message = (index: number) =>
    messageReceived(
      {
        ticketId: 7,
        contactId: 1 + (index % 50),
        whatsappId: 3,
        body: `Mensagem ${index}: meu endereço é Rua das Flores, ${index}`,
        providerId: `p-${index}`,
        participant: { name: 'Maria', number: '5511999990000' },
        at: new Date(Date.UTC(2026, 0, 1 + (index % 30), 12)).toISOString(),
      },
      { companyId: 1, actor: { kind: 'contact', id: 1 } },
    ).event;
  const run = async (count: number) => {
    for (let index = 0; index < count; index++) {
      const [sealed] = await codec.seal('message-x', [message(index)], noStore);
      const stored = {
        ...sealed!,
        streamId: 'message-x',
        revision: 0,
        position: { commit: 1n, prepare: BigInt(index) },
        createdAt: new Date(),
        metadata: { ...sealed!.metadata, prevHash: null, hash: 'h' },
      } as RecordedEvent;
      await codec.open([stored]);
    }
  };
  await run(2_000);
  const count = 20_000;
  const before = cpuMs();
  await run(count);
  return ((cpuMs() - before) / count) * 1000;
}

async function main() {
  figure('codec_cpu_us_per_message', await codecAlone(), 'us');
  const results: Record<'sealed' | 'plain', { node: number[]; all: number[] }> = { sealed: { node: [], all: [] }, plain: { node: [], all: [] } };
  // The process's first product pays for compiling the whole product's code: a round of its own, not counted.
  await product(true, async (wiring, deliver) => {
    log('warm-up product (not counted)');
    await inbound(wiring, deliver, 'warmup');
  });
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['sealed', 'plain'] as const) : (['plain', 'sealed'] as const);
    for (const [index, mode] of order.entries()) {
      const last = round === ROUNDS - 1 && index === 1;
      await product(mode === 'sealed', async (wiring, deliver, sandboxId) => {
        log(`round ${round + 1}/${ROUNDS} ${mode}: ${MESSAGES} messages from ${CONTACTS} contacts`);
        const cpu = await inbound(wiring, deliver, `${mode}${round}`);
        results[mode].node.push(cpu.node);
        results[mode].all.push(cpu.all);
        log(`  ${cpu.node.toFixed(2)} ms node, ${cpu.all.toFixed(2)} ms with Postgres per message`);
        // The clear log of the last product, once no CPU round follows.
        if (last) await migration(wiring, mode, deliver, sandboxId);
      });
    }
  }
  await product(true, (wiring, deliver, sandboxId) => erasure(wiring, deliver, sandboxId));
  figure('inbound_cpu_ms_per_message_sealed', median(results.sealed.node), 'ms');
  figure('inbound_cpu_ms_per_message_plain', median(results.plain.node), 'ms');
  figure('inbound_cpu_overhead_sealed', (median(results.sealed.node) / median(results.plain.node) - 1) * 100, '%');
  figure('inbound_cpu_ms_per_message_with_postgres_sealed', median(results.sealed.all), 'ms');
  figure('inbound_cpu_ms_per_message_with_postgres_plain', median(results.plain.all), 'ms');
  figure('inbound_cpu_overhead_with_postgres_sealed', (median(results.sealed.all) / median(results.plain.all) - 1) * 100, '%');
}

async function migration(wiring: Wiring, mode: 'sealed' | 'plain', deliver: Deliver, sandboxId: number) {
  if (mode === 'sealed') return;
  await history(wiring, await deliver({ id: 'migrate-first', from: '5511970000002', name: 'Contato Antigo', body: 'primeira' }), sandboxId, MIGRATE_MESSAGES);
  log('lgpd migrate over the clear log');
  const result = await sealStoredEvents({ connectionString: wiring.databaseUrl, registry: wiring.registry, vault: wiring.keys });
  figure('migration_events_rewritten', result.events, 'events');
  figure('migration_events_per_s', result.events / (result.ms / 1000), 'events/s');
  figure('migration_sealed_events_per_s', result.sealed / (result.ms / 1000), 'events/s');
}

async function erasure(wiring: Wiring, deliver: Deliver, sandboxId: number) {
  const first = await deliver({ id: 'erase-first', from: '5511970000001', name: 'Contato Apagado', body: 'primeira' });
  log(`erasure: ${ERASE_MESSAGES} messages of one contact over 30 days`);
  await history(wiring, first, sandboxId, ERASE_MESSAGES);
  const started = performance.now();
  const erased: EventToAppend = {
    id: randomUUID(),
    type: 'ContactErased',
    data: { contactId: first.contactId, erasedBy: 1, reason: 'bench', erasedAt: new Date().toISOString() },
    metadata: {
      companyId: 1,
      actor: { kind: 'user', id: 1 },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
  const { position } = await wiring.store.appendToStream(contactStream(first.contactId), [erased]);
  await wiring.reactors.waitForPosition(position, { projectors: ['key-shredder'], signal: AbortSignal.timeout(60_000) });
  figure('erase_contact_10k_messages_ms', performance.now() - started, 'ms');
}

/** `count` messages of the contact over 30 days, appended straight to the store (sealed or not, as it is), all handled. */
async function history(wiring: Wiring, first: { ticketId: number; contactId: number }, sandboxId: number, count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let index = next++; index < count; index = next++) {
        const { messageId, event } = messageReceived(
          {
            ticketId: first.ticketId,
            contactId: first.contactId,
            whatsappId: sandboxId,
            body: `histórico ${index}`,
            providerId: `history-${index}`,
            at: new Date(Date.UTC(2026, 0, 1 + (index % 30), 12)).toISOString(),
          },
          { companyId: 1, actor: { kind: 'contact', id: first.contactId } },
        );
        await wiring.store.appendToStream(messageStream(messageId), [event]);
      }
    }),
  );
  await settled(wiring);
}

runBench(main);
