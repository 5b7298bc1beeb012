/**
 * The read tables, bulk-loaded with SQL (issue 4 allows it): TICKETS tickets and MESSAGES messages in
 * the big company plus OTHER_COMPANIES smaller ones. BENCH_DATA_DIR keeps the data dir and its load
 * for later runs (loading 10,000,000 messages takes a while): a marker file names the sizes loaded.
 */
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Wiring } from '../../src/wiring';
import { figure, log } from '../kit/measure';
import { idsPast, insertContacts, recountTickets } from '../kit/tables';
import { HEAVY, MESSAGES, OTHER_COMPANIES, OTHER_MESSAGES, OTHER_TICKETS, TICKETS } from './settings';

/** The first bulk-loaded id (contacts and tickets); the big company's tickets start here. */
export const BASE = 10_000_000;

/** Rows for one company: contacts, tickets (60% closed, 30% open, 10% pending), messages spread over a year. */
async function bulkLoad(db: Kysely<ReadDatabase>, companyId: number, firstId: number, tickets: number, messages: number, heavy: number) {
  const last = firstId + tickets - 1;
  await sql`set synchronous_commit = off`.execute(db);
  await insertContacts(db, companyId, firstId, last, '400 days');
  await sql`
    insert into read.tickets (id, uuid, company_id, status, queue_id, user_id, contact_id, whatsapp_id, channel, is_group, unread_messages, last_message, created_at, updated_at)
    select g, gen_random_uuid(), ${companyId},
      case when g % 10 < 6 then 'closed' when g % 10 < 9 then 'open' else 'pending' end,
      1 + g % 5, case when g % 10 = 9 then null else 1 + g % 20 end, g, 1, 'whatsapp', false,
      case when g % 10 = 9 then g % 4 else 0 end, 'Mensagem ' || g,
      now() - interval '400 days' + (g - ${firstId}) * interval '30 seconds' / greatest(1, ${tickets}::int / 1000000),
      now() - interval '365 days' + ((g - ${firstId})::float / ${tickets}) * interval '365 days'
    from generate_series(${firstId}::int, ${last}::int) g`.execute(db);
  // A tenth of the messages in the heavy tickets, the rest spread evenly.
  const heavyMessages = Math.round(messages / 10);
  const spread = messages - heavyMessages;
  const chunk = 1_000_000;
  for (let from = 0; from < messages; from += chunk) {
    const to = Math.min(messages, from + chunk) - 1;
    await sql`
      insert into read.messages (id, company_id, ticket_id, contact_id, from_me, body, media_type, ack, read, created_at, updated_at)
      select gen_random_uuid(), ${companyId}, t, t, n % 2 = 0, 'Mensagem número ' || n || ' da conversa ' || t, 'chat', 3, true, at, at
      from (
        select n,
          case when n < ${heavyMessages}::int then ${firstId}::int + (n % ${heavy}::int) else ${firstId}::int + ((n - ${heavyMessages}::int) % ${tickets}::int) end as t,
          now() - interval '365 days' + (n::float / ${messages}) * interval '365 days' as at
        from generate_series(${from}::int, ${to}::int) n
      ) m`.execute(db);
    log(`  company ${companyId}: ${to + 1}/${messages} messages (${spread} spread)`);
  }
}

/** Loads the read tables, or reuses a kept data dir's load of the same sizes (vacuumed first). */
export async function prepareData(wiring: Wiring, bigCompany: number, dataDir: string, keptDir: string | undefined) {
  const db = wiring.db;
  const loadedMarker = join(dataDir, `bench-loaded-${TICKETS}-${MESSAGES}`);
  if (existsSync(loadedMarker)) {
    log(`using the data loaded before in ${dataDir}`);
    // Earlier runs' inbound messages updated the same open tickets again and again: vacuumed, as
    // autovacuum keeps a running server, the list's index is not walked over their dead versions.
    const started = performance.now();
    await sql`vacuum (analyze) read.tickets`.execute(db);
    log(`vacuumed read.tickets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  log(`bulk-loading ${TICKETS} tickets and ${MESSAGES} messages into company ${bigCompany}, and ${OTHER_COMPANIES} other companies`);
  const started = performance.now();
  await bulkLoad(db, bigCompany, BASE, TICKETS, MESSAGES, HEAVY);
  for (let index = 0; index < OTHER_COMPANIES; index++) {
    await bulkLoad(db, 1000 + index, BASE + TICKETS + index * OTHER_TICKETS, OTHER_TICKETS, OTHER_MESSAGES, 10);
  }
  await recountTickets(db);
  await sql`vacuum analyze read.tickets`.execute(db);
  await sql`vacuum analyze read.messages`.execute(db);
  await sql`vacuum analyze read.contacts`.execute(db);
  await sql`vacuum analyze read.ticket_counts`.execute(db);
  await idsPast(wiring, BASE);
  figure('bulk_load_s', (performance.now() - started) / 1000, 's');
  if (keptDir) writeFileSync(loadedMarker, new Date().toISOString());
}
