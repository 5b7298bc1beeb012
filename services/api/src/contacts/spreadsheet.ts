import {
  CONTACT_IMPORT_EXTENSIONS,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_IMPORT_ONE_AT_A_TIME_MS,
  ContactImportRow,
  DomainError,
  type SheetRow,
} from '@conversa/contracts';
import { hasRunningContactImport } from '@conversa/projections/contactImports/queries';
import type { ApiContext } from '../context';
import { parse as parseCsv } from '@fast-csv/parse';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { openSpreadsheetArchive } from './spreadsheet-archive';
import { xlsxLines, type SheetCell, type SheetLine } from './spreadsheet-xlsx';

/** Header names (lower case, without accents) that say which column is which; the first match wins. */
const HEADERS = {
  name: ['name', 'nome', 'contato', 'contact'],
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'celular', 'fone'],
  email: ['email', 'e-mail', 'mail'],
} as const;
type Column = keyof typeof HEADERS;

const invalid = (why: string) => new DomainError('ERR_CONTACT_IMPORT_FILE_INVALID', `The spreadsheet could not be read: ${why}.`);
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** A legacy Excel 97 workbook (OLE compound file): read with SheetJS, ExcelJS does not read it. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/** The media type the kept upload is stored as (the media store believes a declared type only where the bytes cannot tell). */
export const spreadsheetMime: Record<SpreadsheetKind, string | undefined> = { xlsx: undefined, xls: 'application/vnd.ms-excel', csv: 'text/csv' };

/** What the file's name and first bytes say it is; anything else is refused before it is parsed. */
export function spreadsheetKind(fileName: string, data: Buffer): SpreadsheetKind {
  const name = fileName.toLowerCase();
  if (name.endsWith('.xls') || data.subarray(0, 4).equals(OLE_MAGIC)) {
    if (!data.subarray(0, 4).equals(OLE_MAGIC)) throw invalid('not an Excel 97 (.xls) workbook');
    return 'xls';
  }
  if (!CONTACT_IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    throw new DomainError('ERR_MEDIA_TYPE_NOT_ALLOWED', `Send a ${CONTACT_IMPORT_EXTENSIONS.join(' or ')} file.`);
  }
  if (name.endsWith('.xlsx')) {
    if (!data.subarray(0, 4).equals(ZIP_MAGIC)) throw invalid('not an .xlsx workbook');
    return 'xlsx';
  }
  return 'csv';
}

/**
 * What an upload route checks before it keeps the file, in milliseconds and without unpacking or
 * parsing anything: the kind, and for an .xlsx its archive's directory (a bomb is refused here).
 * The rows are read later, off the request, by the contact-import worker.
 */
export async function checkSpreadsheet(fileName: string, data: Buffer): Promise<SpreadsheetKind> {
  const kind = spreadsheetKind(fileName, data);
  if (kind === 'xlsx') (await openSpreadsheetArchive(data)).close();
  return kind;
}

/** Memory the .xls reader's thread may take; a workbook that needs more is refused. */
const XLS_THREAD_HEAP_MB = 256;
/** How long the .xls reader's thread may take. */
const XLS_THREAD_MS = 60_000;

/**
 * One spreadsheet per company at a time, refused before its body is read: an attacker's loop of
 * uploads queues no work for the contact-import worker, and answers cost a lookup.
 */
export async function oneImportAtATime(ctx: ApiContext, companyId: number): Promise<void> {
  if (await hasRunningContactImport(ctx.db, companyId, ctx.now(), CONTACT_IMPORT_ONE_AT_A_TIME_MS)) throw new DomainError('ERR_CONTACT_IMPORT_IN_PROGRESS');
}

/**
 * An Excel 97 workbook's first sheet line by line (SheetJS: its npm mirror @e965/xlsx republishes the
 * official release, which has the fixes the registry's `xlsx` 0.18.5 lacks). The file is at most
 * CONTACT_IMPORT_MAX_BYTES and not compressed; SheetJS reads it whole and synchronously, so it runs
 * in a worker thread (xls-worker.mjs) with a bounded heap and time, and no further than one line past the limit.
 */
async function* xlsLines(data: Buffer): AsyncGenerator<SheetLine> {
  const lines = CONTACT_IMPORT_MAX_ROWS + 2;
  const thread = new Worker(new URL('./xls-worker.mjs', import.meta.url), {
    workerData: { data, lines },
    resourceLimits: { maxOldGenerationSizeMb: XLS_THREAD_HEAP_MB },
    // The thread needs no loader of the parent's (tsx, a test runner's): it is plain JavaScript.
    execArgv: [],
  });
  let timer: NodeJS.Timeout | undefined;
  const answer = await new Promise<{ rows?: SheetCell[][]; cut?: boolean; refused?: string }>((resolve) => {
    timer = setTimeout(() => resolve({ refused: 'the workbook takes too long to read' }), XLS_THREAD_MS);
    thread.once('message', resolve);
    thread.once('error', () => resolve({ refused: 'the workbook is too large to read' }));
    thread.once('exit', () => resolve({ refused: 'the workbook is damaged' }));
  }).finally(() => {
    clearTimeout(timer);
    void thread.terminate();
  });
  if (answer.refused !== undefined) throw invalid(answer.refused);
  if (answer.cut) throw invalid(`more than ${CONTACT_IMPORT_MAX_ROWS} rows`);
  const rows = answer.rows ?? [];
  for (let index = 0; index < rows.length; index++) yield { line: index + 1, cells: rows[index]! };
}

/** Characters of a .csv handed to the parser at a time. */
const CSV_PIECE = 64 * 1024;

/** A .csv line by line as it is parsed (fast-csv), with `,` or `;` between cells as its first filled line shows. */
async function* csvLines(data: Buffer): AsyncGenerator<SheetLine> {
  const text = data.toString('utf8').replace(/^\ufeff/, '');
  // Not text: a binary file renamed .csv.
  if (text.includes('\u0000') || text.includes('\ufffd')) throw invalid('the .csv is not UTF-8 text');
  const header = /^[^\S\r\n]*\S.*$/m.exec(text)?.[0] ?? '';
  const delimiter = header.includes(';') && !header.includes(',') ? ';' : ',';
  // Fed in pieces, so the parser yields to other requests between them instead of holding the event loop for the whole file.
  const pieces = Array.from({ length: Math.ceil(text.length / CSV_PIECE) }, (_, index) => text.slice(index * CSV_PIECE, (index + 1) * CSV_PIECE));
  const parser = Readable.from(pieces).pipe(parseCsv({ delimiter, ignoreEmpty: false }));
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      yield { line: ++line, cells: record.map((value) => ({ text: value, formula: false })) };
    }
  } catch {
    throw invalid('the .csv is malformed');
  } finally {
    parser.destroy();
  }
}

function linesOf(kind: SpreadsheetKind, data: Buffer): AsyncIterable<SheetLine> {
  if (kind === 'xlsx') return xlsxLines(data);
  return kind === 'xls' ? xlsLines(data) : csvLines(data);
}

/**
 * The contact rows of a spreadsheet: the first sheet, a header row naming the columns (name, number,
 * e-mail in Portuguese or English), one contact a line, each with the sheet's own row number; blank
 * lines are skipped. Read as a stream that stops one row past CONTACT_IMPORT_MAX_ROWS (the file is
 * refused whole then). Runs in the contact-import worker, never in a request.
 */
export async function readContactRows(fileName: string, data: Buffer): Promise<SheetRow[]> {
  const kind = spreadsheetKind(fileName, data);
  let columns: Map<Column, number> | undefined;
  const rows: SheetRow[] = [];
  for await (const { line, cells } of linesOf(kind, data)) {
    if (!cells.some((cell) => cell.formula || cell.text.trim() !== '')) continue;
    if (!columns) {
      columns = headerColumns(cells);
      continue;
    }
    if (rows.length === CONTACT_IMPORT_MAX_ROWS) throw invalid(`more than ${CONTACT_IMPORT_MAX_ROWS} rows`);
    rows.push(sheetRow(line, cells, columns));
  }
  if (!columns) throw invalid('the sheet is empty');
  if (rows.length === 0) throw invalid('no contact under the header');
  return rows;
}

function headerColumns(header: SheetCell[]): Map<Column, number> {
  const columns = new Map<Column, number>();
  for (const column of Object.keys(HEADERS) as Column[]) {
    const index = header.findIndex((title) => (HEADERS[column] as readonly string[]).includes(plain(title.text)));
    if (index >= 0) columns.set(column, index);
  }
  if (!columns.has('number')) throw invalid('no column is headed "número" or "number"');
  return columns;
}

function sheetRow(line: number, cells: SheetCell[], columns: Map<Column, number>): SheetRow {
  const cell = (column: Column) => (columns.has(column) ? cells[columns.get(column)!] : undefined);
  // Over-long cells are cut to the record's bounds rather than refusing the file.
  const text = (column: Column, max: number) => (cell(column)?.text ?? '').trim().slice(0, max);
  // A text that starts with = is a formula a .csv (or a cell typed as text) carries unevaluated: refused too.
  const formula = (['name', 'number', 'email'] as const).some((column) => cell(column)?.formula || cell(column)?.text.trimStart().startsWith('='));
  const parsed = ContactImportRow.safeParse({ name: text('name', 200), number: text('number', 100), email: text('email', 200) });
  if (!parsed.success) throw invalid(`row ${line} holds text that cannot be stored`);
  return { line, input: parsed.data, ...(formula ? { formula } : {}) };
}
