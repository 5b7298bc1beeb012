import { CONTACT_IMPORT_EXTENSIONS, CONTACT_IMPORT_MAX_ROWS, ContactImportRow, DomainError } from '@conversa/contracts';
import * as XLS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';

/** Header names (lower case, without accents) that say which column is which; the first match wins. */
const HEADERS = {
  name: ['name', 'nome', 'contato', 'contact'],
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'celular', 'fone'],
  email: ['email', 'e-mail', 'mail'],
} as const;
type Column = keyof typeof HEADERS;

const invalid = (why: string) => new DomainError('ERR_CONTACT_IMPORT_FILE_INVALID', `The spreadsheet could not be read: ${why}.`);
const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

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

/** A cell as text: numbers as digits, rich text joined, links by their text, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/**
 * An Excel 97 workbook's first sheet as lines of text (SheetJS: its npm mirror @e965/xlsx republishes
 * the official release, which has the fixes the registry's `xlsx` 0.18.5 lacks). Read no further than
 * one row past the limit, so a huge sheet is refused without being held whole.
 */
function xlsLines(data: Buffer): string[][] {
  let workbook: XLS.WorkBook;
  try {
    workbook = XLS.read(data, { type: 'buffer', dense: true, sheetRows: CONTACT_IMPORT_MAX_ROWS + 2, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch {
    throw invalid('the workbook is damaged');
  }
  const sheet = workbook.SheetNames[0] === undefined ? undefined : workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) throw invalid('the workbook has no sheet');
  const rows = XLS.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  return rows.map((row) => row.map((value) => (value instanceof Date ? value.toISOString() : cellText(value as ExcelJS.CellValue))));
}

async function firstSheet(kind: 'xlsx' | 'csv', data: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (kind === 'xlsx') await workbook.xlsx.load(data as unknown as ArrayBuffer);
    else {
      const text = data.toString('utf8');
      // Not text: a binary file renamed .csv.
      if (text.includes('\u0000') || text.includes('\ufffd')) throw invalid('the .csv is not UTF-8 text');
      return await workbook.csv.read(Readable.from([text.replace(/^\ufeff/, '')]));
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid(kind === 'xlsx' ? 'the workbook is damaged' : 'the .csv is malformed');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid('the workbook has no sheet');
  return sheet;
}

/**
 * The contact rows of a spreadsheet: the first sheet, a header row naming the columns (name, number,
 * e-mail in Portuguese or English), one contact a line; blank lines are skipped. The whole file is
 * read and checked before anything is imported, so a broken file writes nothing.
 */
export async function readContactRows(fileName: string, data: Buffer): Promise<ContactImportRow[]> {
  const kind = spreadsheetKind(fileName, data);
  const lines: string[][] = kind === 'xls' ? xlsLines(data) : [];
  if (kind !== 'xls') {
    const sheet = await firstSheet(kind, data);
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = row.values as ExcelJS.CellValue[];
      lines.push(values.slice(1).map(cellText));
    });
  }
  const header = lines.shift();
  if (!header) throw invalid('the sheet is empty');
  const columns = new Map<Column, number>();
  for (const column of Object.keys(HEADERS) as Column[]) {
    const index = header.findIndex((title) => (HEADERS[column] as readonly string[]).includes(plain(title)));
    if (index >= 0) columns.set(column, index);
  }
  if (!columns.has('number')) throw invalid('no column is headed "número" or "number"');
  const rows = lines.filter((line) => line.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw invalid('no contact under the header');
  if (rows.length > CONTACT_IMPORT_MAX_ROWS) throw invalid(`more than ${CONTACT_IMPORT_MAX_ROWS} rows`);
  return rows.map((line, index) => {
    // Over-long cells are cut to the record's bounds rather than refusing the file.
    const cell = (column: Column, max: number) => (columns.has(column) ? (line[columns.get(column)!] ?? '') : '').trim().slice(0, max);
    const parsed = ContactImportRow.safeParse({ name: cell('name', 200), number: cell('number', 100), email: cell('email', 200) });
    if (!parsed.success) throw invalid(`row ${index + 1} holds text that cannot be stored`);
    return parsed.data;
  });
}
