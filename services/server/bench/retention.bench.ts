/**
 * LGPD retention and access figures: `pnpm bench:retention`. The real product in one process
 * (embedded Postgres, projections, reactors) on a fresh data dir.
 * 1. Retention: BENCH_RETENTION_OLD (default 100,000) messages of one company older than its 30 days
 *    (a tenth with a file) and BENCH_RETENTION_RECENT (default 10,000) newer, written straight into the
 *    read table; then one run: the worker's append, the messages read model's blanking, the files reactor.
 * 2. Access: a contact with BENCH_EXPORT_MESSAGES (default 10,000) messages over 20 tickets, exported
 *    (the zip of JSON files and the workbook) and read to the end: time, zip size and the process's peak
 *    RSS above its level before; then the same with four times the messages, for the ratio.
 * One JSON line per figure, with the machine's idle and steal share over the run.
 */
import { contactDataZip } from '@conversa/api/contacts/data-export';
import { contactProfile } from '@conversa/projections/contacts/dataExport';
import { changeCompanySetting, systemActor } from '@conversa/core';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { Wiring } from '../src/wiring';
import { figure, log, machineWatch, memoryPeak, runBench } from './kit/measure';
import { withWiring } from './kit/product';

const OLD = Number(process.env.BENCH_RETENTION_OLD ?? 100_000);
const RECENT = Number(process.env.BENCH_RETENTION_RECENT ?? 10_000);
const EXPORT_MESSAGES = Number(process.env.BENCH_EXPORT_MESSAGES ?? 10_000);
const COMPANY = 1;

/** `count` messages of `contactId` spread over `tickets` tickets from `firstTicket`, written `daysAgo` days back, a tenth with a file. */
async function plant(wiring: Wiring, options: { contactId: number; firstTicket: number; tickets: number; count: number; daysAgo: number }) {
  const { contactId, firstTicket, tickets, count, daysAgo } = options;
  await sql`
    insert into read.tickets (id, uuid, company_id, status, contact_id, channel, is_group, created_at, updated_at)
    select ${firstTicket} + n, gen_random_uuid(), ${COMPANY}, 'closed', ${contactId}, 'whatsapp', false, now(), now()
    from generate_series(0, ${tickets - 1}) n on conflict do nothing`.execute(wiring.db);
  await sql`
    insert into read.messages (id, company_id, ticket_id, contact_id, from_me, body, media_type, media_url, read, created_at, updated_at)
    select gen_random_uuid(), ${COMPANY}, ${firstTicket} + (n % ${tickets}), ${contactId}, n % 2 = 0,
           'Mensagem ' || n || ' com dados pessoais: Rua das Flores ' || n || ', CPF 123.456.789-' || (n % 100) || repeat(' texto', 20),
           case when n % 10 = 0 then 'image' else 'chat' end,
           case when n % 10 = 0 and n % 2 = 1 then '/media/${sql.raw(String(COMPANY))}/bench-' || ${firstTicket} || '-' || n || '.jpg' end,
           true, now() - make_interval(days => ${daysAgo}) - make_interval(secs => n), now() - make_interval(days => ${daysAgo})
    from generate_series(1, ${count}) n`.execute(wiring.db);
}

async function retention(wiring: Wiring) {
  await changeCompanySetting(wiring.ctx, { companyId: COMPANY, actor: systemActor, isSuper: true, key: 'messageRetentionDays', value: '30' });
  await plant(wiring, { contactId: 800_001, firstTicket: 800_000, tickets: 1000, count: OLD, daysAgo: 40 });
  await plant(wiring, { contactId: 800_002, firstTicket: 810_000, tickets: 100, count: RECENT, daysAgo: 1 });
  await sql`analyze read.messages`.execute(wiring.db);
  log(`retention: ${OLD} old and ${RECENT} recent messages planted; running`);
  const started = performance.now();
  const report = await wiring.retention.runner.tick();
  const appendedMs = performance.now() - started;
  const head = (await wiring.store.headPosition())!;
  await wiring.runtime.waitForPosition(head, { projectors: ['messages'], signal: AbortSignal.timeout(600_000) });
  const projectedMs = performance.now() - started;
  await wiring.reactors.waitForPosition(head, { signal: AbortSignal.timeout(600_000) });
  const reactedMs = performance.now() - started;
  const { rows } = await sql<{ expired: string; kept: string }>`
    select count(*) filter (where content_expired) as expired, count(*) filter (where not content_expired and body <> '') as kept
    from read.messages where company_id = ${COMPANY} and contact_id in (800001, 800002)`.execute(wiring.db);
  if (Number(rows[0]!.expired) !== OLD || report.expired[0] !== COMPANY) throw new Error(`retention blanked ${rows[0]!.expired} of ${OLD}`);
  figure('retention_append', appendedMs, 'ms');
  figure('retention_read_model', projectedMs, 'ms', { expired: Number(rows[0]!.expired), kept: Number(rows[0]!.kept) });
  figure('retention_files_reactor_done', reactedMs, 'ms', { files: OLD / 20 });
}

async function exportOnce(wiring: Wiring, contactId: number, messages: number) {
  const profile = (await contactProfile(wiring.db, COMPANY, contactId))!;
  global.gc?.();
  const memory = memoryPeak(10);
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of contactDataZip({ db: wiring.db, companyId: COMPANY, profile, signal: AbortSignal.timeout(600_000) }))
    bytes += (chunk as Buffer).length;
  const ms = performance.now() - started;
  const peak = memory.stop();
  figure('export_time', ms, 'ms', { messages });
  figure('export_zip_size', bytes / 1024 / 1024, 'MiB', { messages });
  figure('export_peak_rss_above_start', (peak.rss - memory.start.rss) / 1024 / 1024, 'MiB', { messages });
  figure('export_peak_heap_above_start', (peak.heapUsed - memory.start.heapUsed) / 1024 / 1024, 'MiB', { messages });
}

async function access(wiring: Wiring) {
  for (const [contactId, messages, firstTicket] of [
    [800_101, EXPORT_MESSAGES, 820_000],
    [800_102, EXPORT_MESSAGES * 4, 830_000],
  ] as const) {
    await sql`
      insert into read.contacts (id, company_id, name, number, active, disable_bot, accept_audio_message, channel, is_group, extra_info, created_at, updated_at)
      values (${contactId}, ${COMPANY}, 'Contato Bench', ${`55119${contactId}`}, true, false, true, 'whatsapp', false, ${JSON.stringify([{ name: 'CPF', value: '123.456.789-09' }])}, now(), now())`.execute(
      wiring.db,
    );
    await plant(wiring, { contactId, firstTicket, tickets: 20, count: messages, daysAgo: 2 });
    log(`access: exporting a contact with ${messages} messages`);
    await exportOnce(wiring, contactId, messages);
  }
}

runBench(() =>
  withWiring({ name: 'retention' }, async ({ wiring }) => {
    const machine = machineWatch();
    await retention(wiring);
    await access(wiring);
    machine.report();
  }),
);
