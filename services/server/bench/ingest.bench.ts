/**
 * Inbound figures: `pnpm bench:ingest`. The real product on one process (embedded Postgres,
 * projections, sender, session manager) on a fresh data dir, driven through the sandbox channel's
 * HTTP route (fastify.inject), which answers once the message is in the read model:
 *   - sandbox inbound messages/s end to end into the read model (BENCH_INGEST_MESSAGES messages from
 *     BENCH_INGEST_CONTACTS contacts, BENCH_INGEST_CONCURRENCY in flight), with per-message latency;
 *   - the same message id delivered 3 times → how many messages the read model holds (want 1);
 *   - 200 concurrent first messages from one new contact → how many tickets (want 1).
 * One JSON line per figure on stdout; progress on stderr.
 */
import { sql } from 'kysely';
import { figure, log, percentileFigures, runBench } from './kit/measure';
import { withProduct } from './kit/product';

const MESSAGES = Number(process.env.BENCH_INGEST_MESSAGES ?? 3000);
const CONTACTS = Number(process.env.BENCH_INGEST_CONTACTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const BURST = 200;

runBench(() =>
  withProduct({ name: 'ingest', http: { edge: true }, sessions: true }, async ({ wiring, addSandbox }) => {
    const sandbox = await addSandbox();
    const { deliver } = sandbox;
    const messagesOnConnection = async () =>
      Number((await sql<{ count: string }>`select count(*) as count from read.messages where whatsapp_id = ${sandbox.id}`.execute(wiring.db)).rows[0]!.count);

    // Warm-up: contacts, tickets and code paths exist before timing.
    for (let index = 0; index < 20; index++) await deliver({ id: `warm-${index}`, from: String(5511980000000 + index), body: 'aquecimento' });

    log(`ingesting ${MESSAGES} sandbox messages from ${CONTACTS} contacts, ${CONCURRENCY} in flight`);
    const before = await messagesOnConnection();
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = next++; index < MESSAGES; index = next++) {
          const t0 = performance.now();
          await deliver({
            id: `bench-${index}`,
            from: String(5511970000000 + (index % CONTACTS)),
            name: `Contato ${index % CONTACTS}`,
            body: `Mensagem ${index}`,
          });
          latencies.push(performance.now() - t0);
          if ((index + 1) % 500 === 0) log(`  ${index + 1}/${MESSAGES}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const stored = (await messagesOnConnection()) - before;
    if (stored !== MESSAGES) throw new Error(`read model holds ${stored} of ${MESSAGES} messages`);
    figure('sandbox_inbound_messages_per_s', MESSAGES / seconds, 'msg/s');
    percentileFigures('sandbox_inbound_latency', latencies, [50, 95, 99]);

    log('delivering one message id 3 times');
    const repeated = [];
    for (let attempt = 0; attempt < 3; attempt++) repeated.push(await deliver({ id: 'bench-repeat', from: '5511960000001', body: 'Só uma vez' }));
    const copies = Number(
      (
        await sql<{ count: string }>`select count(*) as count from read.messages where whatsapp_id = ${sandbox.id} and provider_id = 'bench-repeat'`.execute(
          wiring.db,
        )
      ).rows[0]!.count,
    );
    figure('same_id_3_deliveries_messages', copies, 'messages');
    figure('same_id_3_deliveries_marked_duplicate', repeated.filter((answer) => answer.duplicate).length, 'deliveries');

    log(`${BURST} concurrent first messages from one new contact`);
    const burstStarted = performance.now();
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, index) => deliver({ id: `burst-${index}`, from: '5511950000001', name: 'Contato Novo', body: `rajada ${index}` })),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const contactId = burst[0]!.contactId;
    const tickets = Number(
      (
        await sql<{ count: string }>`select count(*) as count from read.tickets where contact_id = ${contactId} and whatsapp_id = ${sandbox.id}`.execute(
          wiring.db,
        )
      ).rows[0]!.count,
    );
    figure('burst_200_first_messages_tickets', tickets, 'tickets');
    figure('burst_200_first_messages_contacts', new Set(burst.map((answer) => answer.contactId)).size, 'contacts');
    figure(
      'burst_200_first_messages_stored',
      Number((await sql<{ count: string }>`select count(*) as count from read.messages where contact_id = ${contactId}`.execute(wiring.db)).rows[0]!.count),
      'messages',
    );
    figure('burst_200_first_messages_s', burstSeconds, 's');
  }),
);
