/**
 * Dashboard figures: `pnpm bench:dashboard`. The real product (embedded Postgres, projections) on a
 * fresh data dir. BENCH_TICKETS (default 1,000,000) tickets of one company over the last 365 days
 * (20 attendants, 8 queues, 50,000 contacts; those of the last two days still open or waiting, the rest closed, a third rated) are bulk-loaded with SQL into read.tickets,
 * read.dashboard_tickets and the daily sums (built by the same definitions, docs/metrics.md). Then,
 * through the HTTP stack with authentication, p50/p95 of GET /dashboard for 7 and 90 days, a 90-day
 * chart, report pages (a month, a year, with filters), the export of BENCH_EXPORT_DAYS days (default
 * 365: every row) downloaded over a socket (rows/s, peak RSS), and the time from a ticket's close to
 * the dashboard frame and to the changed card. One JSON line per figure, with idle and steal.
 */
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { BusMessage } from '@conversa/bus';
import { migrateDashboard } from '@conversa/projections/dashboard/migration';
import { dashboardToday } from '@conversa/projections/dashboard/queries';
import { migrateTickets } from '@conversa/projections/tickets/migration';
import { sql } from 'kysely';
import { figure, log, machineWatch, memoryPeak, percentileFigures, runBench, sampleTimes } from './kit/measure';
import { withProduct } from './kit/product';
import { insertContacts } from './kit/tables';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const EXPORT_DAYS = Number(process.env.BENCH_EXPORT_DAYS ?? 365);
const CONTACTS = 50_000;
const USERS = 20;
const QUEUES = 8;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);

const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

runBench(() =>
  withProduct({ name: 'dashboard', listen: true }, async ({ app, wiring, admin, port }) => {
    const machine = machineWatch({ idle: 'cpu_idle_share', steal: 'cpu_steal_share' });
    const db = wiring.db;
    const { companyId, userId: adminId, headers } = admin;
    const today = dashboardToday(new Date());

    log(`bulk-loading ${TICKETS} tickets over 365 days into company ${companyId}`);
    const started = performance.now();
    const base = 10_000_000;
    await sql`
      insert into read.users select (jsonb_populate_record(null::read.users, to_jsonb(u) || jsonb_build_object('id', g, 'email', 'bench' || g || '@example.com', 'name', 'Atendente ' || g))).*
      from read.users u, generate_series(${base}::int, ${base + USERS - 1}::int) g where u.id = ${adminId}`.execute(db);
    await insertContacts(db, companyId, base, base + CONTACTS - 1, '0 days');
    // Indexes are built once the rows are in, as a restore would.
    for (const index of ['tickets_uuid', 'tickets_list', 'tickets_list_queue', 'tickets_contact', 'tickets_last_message', 'tickets_unread'])
      await sql.raw(`drop index if exists read.${index}`).execute(db);
    for (const index of [
      'dashboard_tickets_day',
      'dashboard_tickets_closed',
      'dashboard_tickets_created',
      'dashboard_tickets_counts',
      'dashboard_tickets_contact',
      'dashboard_tickets_live',
    ])
      await sql.raw(`drop index if exists read.${index}`).execute(db);
    // A ticket g: created in the last 365 days (company time), attendant and queue by g, 70% finished, a third of those rated.
    await sql`
      create temporary table bench_tickets as
      select g as id, gen_random_uuid() as uuid,
        ${base} + ((g::bigint * 7919) % ${CONTACTS})::int as contact_id,
        ${base} + g % ${USERS} as user_id, 1 + g % ${QUEUES} as queue_id,
        now() - ((g % 365) || ' days')::interval - ((g * 37) % 86400 || ' seconds')::interval as created_at,
        case when g % 365 >= 2 then 'closed' when g % 3 = 0 then 'pending' else 'open' end as status,
        (g * 13) % 1800 as wait_seconds, (g * 17) % 7200 as support_seconds, (g * 3) % 120 as bot_seconds,
        case when g % 365 >= 2 and g % 3 = 0 then 1 + g % 5 end as rating
      from generate_series(1, ${TICKETS}::int) g`.execute(db);
    await sql`
      insert into read.tickets (id, uuid, company_id, status, queue_id, user_id, contact_id, whatsapp_id, channel, is_group, last_message, created_at, updated_at, closed_at, user_rating)
      select ${base} + id, uuid, ${companyId}, status, queue_id, case when status = 'pending' then null else user_id end, contact_id, null, 'whatsapp', false, 'Mensagem ' || id,
        created_at, created_at + interval '1 hour', case when status = 'closed' then created_at + interval '1 hour' end, rating
      from bench_tickets`.execute(db);
    await sql`
      insert into read.dashboard_tickets (id, company_id, uuid, contact_id, whatsapp_id, is_group, status, user_id, queue_id, created_at, created_day, lead, wait_seconds, answered_after_wait,
        support_seconds, bot_seconds, clock, clock_since, bot_active, closed_at, closed_day, reopened, rating, deleted, last_commit, last_prepare)
      select ${base} + id, ${companyId}, uuid, contact_id, null, false, status, case when status = 'pending' then null else user_id end, queue_id, created_at,
        (created_at at time zone 'America/Sao_Paulo')::date, id <= ${CONTACTS}, wait_seconds, status <> 'pending', support_seconds, bot_seconds,
        case status when 'open' then 'support' when 'pending' then 'wait' end, case when status <> 'closed' then created_at end, false,
        case when status = 'closed' then created_at + interval '1 hour' end, case when status = 'closed' then ((created_at + interval '1 hour') at time zone 'America/Sao_Paulo')::date end,
        0, rating, false, 0, 0
      from bench_tickets`.execute(db);
    // The daily sums, by the definitions of daily.ts.
    await sql`
      insert into read.dashboard_daily (company_id, day, user_id, queue_id, tickets, pending, open, finished, leads, waited, wait_seconds, support_seconds, bot_seconds, reopened, ratings, rating_sum, rating_good, rating_neutral, rating_bad, closed)
      select company_id, day, user_id, queue_id, sum(tickets), sum(pending), sum(open), sum(finished), sum(leads), sum(waited), sum(wait_seconds), sum(support_seconds), sum(bot_seconds), 0,
        sum(ratings), sum(rating_sum), sum(good), sum(neutral), sum(bad), sum(closed)
      from (
        select company_id, created_day as day, user_id, queue_id, 1 as tickets, (status = 'pending')::int as pending, (status = 'open')::int as open, (status = 'closed')::int as finished,
          lead::int as leads, answered_after_wait::int as waited, case when answered_after_wait then wait_seconds else 0 end as wait_seconds,
          case when status = 'closed' then support_seconds else 0 end as support_seconds, bot_seconds, (rating is not null)::int as ratings, coalesce(rating, 0) as rating_sum,
          coalesce(rating >= 4, false)::int as good, coalesce(rating = 3, false)::int as neutral, coalesce(rating <= 2, false)::int as bad, 0 as closed
        from read.dashboard_tickets where company_id = ${companyId}
        union all
        select company_id, closed_day, user_id, queue_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 from read.dashboard_tickets where company_id = ${companyId} and closed_day is not null
      ) rows group by company_id, day, user_id, queue_id`.execute(db);
    await migrateTickets(db);
    await migrateDashboard(db);
    await sql`vacuum analyze read.tickets`.execute(db);
    await sql`vacuum analyze read.dashboard_tickets`.execute(db);
    await sql`vacuum analyze read.dashboard_daily`.execute(db);
    await sql`vacuum analyze read.contacts`.execute(db);
    await sql
      .raw(`select setval('ids.ticket', ${base * 10})`)
      .execute(db)
      .catch(() => undefined);
    const dailyRows = Number((await sql<{ n: string }>`select count(*) as n from read.dashboard_daily`.execute(db)).rows[0]!.n);
    figure('dashboard_bulk_load_s', (performance.now() - started) / 1000, 's', { tickets: TICKETS, dailyRows });

    const timed = async (name: string, url: string) => {
      const samples = await sampleTimes(
        SAMPLES,
        async () => {
          const response = await app.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        },
        { warm: 10 },
      );
      percentileFigures(name, samples, [50, 95], { suffix: '_ms' });
    };
    await timed('dashboard_7d', '/dashboard?days=7');
    await timed('dashboard_90d', '/dashboard?days=90');
    await timed('dashboard_chart_per_day_90d', '/dashboard/total-atendimentos?days=90');
    await timed('dashboard_card_tickets_90d', '/dashboard/tickets?figure=supportFinished&days=90');
    await timed('report_page_month', `/ticket/reports?dateFrom=${dayBefore(today, 30)}&dateTo=${today}&pageSize=10`);
    await timed(
      'report_page_year_status_user',
      `/ticket/reports?dateFrom=${dayBefore(today, 364)}&dateTo=${today}&status=${encodeURIComponent('["open"]')}&users=[${base + 3}]&pageSize=50&page=3`,
    );
    await timed('report_page_year', `/ticket/reports?dateFrom=${dayBefore(today, 364)}&dateTo=${today}&pageSize=10`);

    // The export, downloaded over a socket as a browser would; RSS sampled meanwhile.
    const memory = memoryPeak(50);
    const t0 = performance.now();
    const { rows, bytes } = await new Promise<{ rows: number; bytes: number }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: `/ticket/reports/export?dateFrom=${dayBefore(today, EXPORT_DAYS - 1)}&dateTo=${today}`, headers }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`export answered ${response.statusCode}`));
        let received = 0;
        response.on('data', (chunk: Buffer) => (received += chunk.length));
        response.on('end', () => resolve({ rows: Number(response.headers['x-total-count']), bytes: received }));
        response.on('error', reject);
      }).on('error', reject);
    });
    const peak = memory.stop().rss;
    const seconds = (performance.now() - t0) / 1000;
    figure('export_s', seconds, 's', { rows, bytes });
    figure('export_rows_per_s', rows / seconds, 'rows/s');
    figure('export_peak_rss_mb', peak / 1024 / 1024, 'MB', { before: Math.round(memory.start.rss / 1024 / 1024) });

    // A ticket closes: how long until the dashboard frame is out, and until the card shows it.
    const contact = await app.inject({ method: 'POST', url: '/contacts', headers, payload: { name: 'Bench close', number: '5511988887777' } });
    const ticket = await app.inject({ method: 'POST', url: '/tickets', headers, payload: { contactId: contact.json().id, status: 'open', userId: adminId } });
    const before = (await app.inject({ method: 'GET', url: '/dashboard?days=3', headers })).json().counters.supportFinished as number;
    const frames: number[] = [];
    const subscription = await wiring.bus.subscribe(`company.${companyId}.dashboard`, (_message: BusMessage) => frames.push(performance.now()));
    const closedAt = performance.now();
    await app.inject({ method: 'PUT', url: `/tickets/${ticket.json().id}`, headers, payload: { status: 'closed' } });
    const deadline = performance.now() + 10_000;
    let shown = 0;
    while (performance.now() < deadline) {
      const counters = (await app.inject({ method: 'GET', url: '/dashboard?days=3', headers })).json().counters;
      if (counters.supportFinished > before) {
        shown = performance.now() - closedAt;
        break;
      }
    }
    await subscription.unsubscribe();
    if (frames.length > 0) figure('close_to_dashboard_frame_ms', frames[0]! - closedAt, 'ms');
    figure('close_to_card_ms', shown, 'ms');

    machine.report();
  }),
);
