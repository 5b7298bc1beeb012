import { DomainError } from '@conversa/contracts';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { openSpreadsheetArchive } from './spreadsheet-archive';

/** One cell as the import reads it: its text, and whether it is a formula (whose value the import never takes). */
export interface SheetCell {
  text: string;
  formula: boolean;
}
/** A sheet line: its row number as the sheet numbers it, and its cells from column A. */
export interface SheetLine {
  line: number;
  cells: SheetCell[];
}

/**
 * The parts of exceljs' streaming WorkbookReader this reader drives itself: exceljs reads the parts
 * in the order the zip stores them (a sheet before its shared strings goes to a temporary file) and
 * unpacks them with no bound; here each part comes from the bounded archive, in the order needed.
 */
interface WorkbookReaderParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const invalid = (why: string) => new DomainError('ERR_CONTACT_IMPORT_FILE_INVALID', `The spreadsheet could not be read: ${why}.`);

/** A cell as text: numbers as digits, rich text joined, links by their text; a formula is flagged, its result left out. */
export function cellOf(value: ExcelJS.CellValue): SheetCell {
  if (value !== null && typeof value === 'object' && ('formula' in value || 'sharedFormula' in value)) return { text: '', formula: true };
  return { text: cellText(value), formula: false };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  return '';
}

/** Where the workbook's relationship target points inside the archive. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/**
 * The first sheet of an .xlsx, line by line, as it is unpacked: the archive is judged by its directory
 * first (ERR_SPREADSHEET_TOO_LARGE_UNPACKED), each part unpacks within its declared size, and the
 * caller stops reading (return from the loop) once it has seen enough lines: the rest is never unpacked.
 */
export async function* xlsxLines(data: Buffer): AsyncGenerator<SheetLine> {
  const archive = await openSpreadsheetArchive(data);
  const opened: Readable[] = [];
  const open = async (path: string) => {
    const part = await archive.open(path);
    opened.push(part);
    return part;
  };
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    }) as unknown as WorkbookReaderParts;
    if (!archive.paths.has('xl/workbook.xml') || !archive.paths.has('xl/_rels/workbook.xml.rels')) throw invalid('not an .xlsx workbook');
    await reader._parseRels(await open('xl/_rels/workbook.xml.rels'));
    await reader._parseWorkbook(await open('xl/workbook.xml'));
    const first = reader.model?.sheets?.[0];
    const target = first && reader.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
    if (!target || !archive.paths.has(partPath(target))) throw invalid('the workbook has no sheet');
    if (archive.paths.has('xl/sharedStrings.xml')) {
      for await (const _ of reader._parseSharedStrings(await open('xl/sharedStrings.xml'))) void _;
    }
    const [emitted] = [...reader._parseWorksheet(await open(partPath(target)), '1')];
    if (!emitted) throw invalid('the workbook has no sheet');
    let previous = 0;
    for await (const row of emitted.value) {
      // A row without its r attribute (some writers leave it out) follows the one before.
      const line = Number.isInteger(row.number) && row.number > previous ? row.number : previous + 1;
      previous = line;
      const values = Array.isArray(row.values) ? (row.values as ExcelJS.CellValue[]) : [];
      const cells: SheetCell[] = [];
      for (let column = 1; column < values.length; column++) cells.push(cellOf(values[column]));
      yield { line, cells };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid('the workbook is damaged');
  } finally {
    for (const part of opened) part.destroy();
    archive.close();
  }
}
