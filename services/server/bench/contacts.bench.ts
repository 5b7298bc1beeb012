/**
 * Contact figures: `pnpm bench:contacts`. The real product (embedded Postgres, projections) on a
 * fresh data dir. The read table is bulk-loaded with SQL: BENCH_CONTACTS (default 1,000,000)
 * contacts in one company plus 20 smaller companies. Then, through the HTTP stack (fastify.inject,
 * with authentication), p50/p95 of GET /contacts: the first page, a search by part of a name, by part
 * of a number and by part of an e-mail; and a 10,000-row spreadsheet imported end to end (upload,
 * every row through the contact use cases, read model caught up). One JSON line per figure, with the
 * machine's idle and steal share over the run. BENCH_IMPORT_ROWS changes the import's size.
 */
import { contactImportStream } from '@conversa/contracts';
import { migrateContacts } from '@conversa/projections/contacts/migration';
import { listContacts } from '@conversa/projections/contacts/queries';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { figure, log, machineWatch, percentileFigures, runBench, sampleTimes } from './kit/measure';
import { withProduct, type Product } from './kit/product';
import { idsPast } from './kit/tables';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const OTHER_COMPANIES = 20;
const OTHER_CONTACTS = Math.max(1000, Math.round(CONTACTS / 50));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** BENCH_SKIP_IMPORT=1: the list figures only. */
const SKIP_IMPORT = process.env.BENCH_SKIP_IMPORT === '1';

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eva',
  'Fábio',
  'Gina',
  'Hugo',
  'Iara',
  'João',
  'Kátia',
  'Luís',
  'Marta',
  'Nuno',
  'Olga',
  'Paulo',
  'Rita',
  'Sara',
  'Tiago',
  'Vera',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
];

async function main() {
  await withProduct({ name: 'contacts' }, async (product) => {
    const { app, wiring, admin } = product;
    const machine = machineWatch();
    const db = wiring.db;
    const { headers, companyId: bigCompany } = admin;

    log(`bulk-loading ${CONTACTS} contacts into company ${bigCompany} and ${OTHER_COMPANIES} × ${OTHER_CONTACTS} elsewhere`);
    const started = performance.now();
    const base = 10_000_000;
    const first = sql.raw(`(array[${FIRST.map((name) => `'${name}'`).join(',')}])`);
    const last = sql.raw(`(array[${LAST.map((name) => `'${name}'`).join(',')}])`);
    // The indexes are built once after the rows are in, as a restore would: faster than row by row.
    for (const index of [
      'contacts_company_name_covering',
      'contacts_company_name_id',
      'contacts_name_trgm',
      'contacts_email_trgm',
      'contacts_number_start',
      'contacts_number_national',
      'contacts_number_local',
      'contacts_number_end',
    ])
      await sql.raw(`drop index if exists read.${index}`).execute(db);
    const load = async (companyId: number, from: number, count: number) =>
      sql`
        insert into read.contacts (id, company_id, name, number, email, active, disable_bot, accept_audio_message, channel, is_group, created_at, updated_at)
        select g, ${companyId}, ${first}[1 + g % ${FIRST.length}] || ' ' || ${last}[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || g,
          (5511900000000 + g)::text, lower(${first}[1 + g % ${FIRST.length}]) || g || '@exemplo.com.br', true, false, true, 'whatsapp', false, now(), now()
        from generate_series(${from}::int, ${from + count - 1}::int) g`.execute(db);
    await load(bigCompany, base, CONTACTS);
    for (let index = 0; index < OTHER_COMPANIES; index++) await load(1000 + index, base + CONTACTS + index * OTHER_CONTACTS, OTHER_CONTACTS);
    await migrateContacts(db);
    await sql`vacuum analyze read.contacts`.execute(db);
    await idsPast(wiring, base, ['contact']);
    figure('contacts_bulk_load_s', (performance.now() - started) / 1000, 's');

    const timed = async (name: string, url: string) => {
      let answered = 0;
      const samples = await sampleTimes(
        SAMPLES,
        async () => {
          const response = await app.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
          answered = response.json().contacts.length;
        },
        { warm: 20 },
      );
      if (answered === 0) throw new Error(`${url} found nothing`);
      percentileFigures(name, samples, [50, 95], { suffix: '_ms' });
    };
    const middle = base + Math.floor(CONTACTS / 2);
    const middleNumber = String(5511900000000 + middle);
    const searches: [string, string][] = [
      ['contacts_first_page', ''],
      // The bench's names end in a sequence number: a term with it has trigrams found in most rows (the worst case).
      ['contacts_search_name_part', `${LAST[Math.floor(middle / FIRST.length) % LAST.length]!.toLowerCase()} ${String(middle).slice(0, 6)}`],
      // A first name and the start of a last name, as people search.
      [
        'contacts_search_first_last',
        `${FIRST[middle % FIRST.length]!.toLowerCase()} ${LAST[Math.floor(middle / FIRST.length) % LAST.length]!.slice(0, 3).toLowerCase()}`,
      ],
      // The same with a first name that sorts last: its matches come late in the name order.
      ['contacts_search_first_last_late', `${FIRST[FIRST.length - 1]!.toLowerCase()} ${LAST[0]!.slice(0, 3).toLowerCase()}`],
      // One common word (a fifteenth of the names).
      ['contacts_search_common_word', LAST[0]!.toLowerCase()],
      // The local number's first 7 digits (after 55 and the area code), and its last 6.
      ['contacts_search_number_part', middleNumber.slice(4, 11)],
      ['contacts_search_number_end', middleNumber.slice(-6)],
      ['contacts_search_email_part', `${String(middle).slice(2)}@exemplo`],
    ];
    for (const [name, term] of searches) await timed(name, `/contacts?pageNumber=1${term ? `&searchParam=${encodeURIComponent(term)}` : ''}`);
    // The query alone, without HTTP and authentication: what the indexes cost.
    for (const [name, term] of searches) {
      const samples = await sampleTimes(SAMPLES, () => listContacts(db, bigCompany, { searchParam: term || undefined, pageNumber: 1, searchNumbers: true }));
      percentileFigures(`${name}_query`, samples, [50, 95], { suffix: '_ms' });
    }

    if (!SKIP_IMPORT) await importFigures(product, base);
    machine.report();
  });
}

/** A spreadsheet of new contacts, a tenth of them numbers the company already has (updates), imported end to end. */
async function importFigures({ app, wiring, admin: { headers }, upload }: Product, base: number) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.addRow(['nome', 'numero', 'email']);
  for (let row = 0; row < IMPORT_ROWS; row++) {
    const known = row % 10 === 0;
    const number = known ? String(5511900000000 + base + row) : `55219${String(70_000_000 + row)}`;
    sheet.addRow([`Importado ${row}`, number, `importado${row}@exemplo.com.br`]);
  }
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const t0 = performance.now();
  const answer = await upload('/contacts/upload', file, 'contatos.xlsx');
  if (answer.statusCode !== 202) throw new Error(`upload answered ${answer.statusCode}: ${answer.body}`);
  figure('contacts_import_accepted_ms', performance.now() - t0, 'ms');
  const importId = answer.json().importId as string;
  for (;;) {
    const status = (await app.inject({ method: 'GET', url: `/contacts/import/${importId}`, headers })).json();
    if (status.state === 'done') {
      if (status.created + status.updated !== IMPORT_ROWS)
        throw new Error(`import ended with ${JSON.stringify({ ...status, refusals: status.refusals.slice(0, 3) })}`);
      break;
    }
    // The screen polls this route at the same pace.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  // Where the time went: the worker's own span (request recorded → finished recorded), from the import's events.
  const recorded = await wiring.store.readStream(contactImportStream(importId));
  const span = (from: number, to: number) => (recorded[to]!.createdAt.getTime() - recorded[from]!.createdAt.getTime()) / 1000;
  figure('contacts_import_worker_s', span(0, recorded.length - 1), 's');
  figure('contacts_import_first_batch_s', span(0, 1), 's');
  figure('contacts_import_10k_rows_s', seconds * (10_000 / IMPORT_ROWS), 's');
  figure('contacts_import_rows_per_s', IMPORT_ROWS / seconds, 'rows/s');
}

runBench(main);
