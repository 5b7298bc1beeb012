import { CONTACT_IMPORT_MAX_ROWS } from '@conversa/contracts';
import * as XLS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../../testing/src/xlsx-bomb';
import { checkSpreadsheet, readContactRows } from './spreadsheet';

async function xlsx(rows: (ExcelJS.CellValue | undefined)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  rows.forEach((row, index) => {
    if (row.length > 0) sheet.getRow(index + 1).values = row as ExcelJS.CellValue[];
  });
  // The shared strings after the sheet, as Excel writes them: the reader unpacks them first all the same.
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function xls(rows: (string | number)[][]): Buffer {
  const workbook = XLS.utils.book_new();
  XLS.utils.book_append_sheet(workbook, XLS.utils.aoa_to_sheet(rows), 'Contatos');
  return XLS.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

const lines = (rows: { line: number; input: { number: string } }[]) => rows.map((row) => [row.line, row.input.number]);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
  );

describe('readContactRows', () => {
  it('numbers rows as the sheet does (the header is row 1, blank lines counted) in .xlsx, .xls and .csv', async () => {
    const table = [['nome', 'numero'], ['Ana', '5511987650001'], [], ['Bia', '5511987650002']];
    const expected = [
      [2, '5511987650001'],
      [4, '5511987650002'],
    ];
    expect(lines(await readContactRows('c.xlsx', await xlsx(table)))).toEqual(expected);
    expect(lines(await readContactRows('c.xls', xls(table)))).toEqual(expected);
    expect(lines(await readContactRows('c.csv', Buffer.from('nome,numero\nAna,5511987650001\n\nBia,5511987650002\n')))).toEqual(expected);
    // A header under blank lines keeps the sheet's numbers too; a ; separated .csv is read as such.
    expect(lines(await readContactRows('c.csv', Buffer.from('\ufeff\nnome;numero\nAna;5511987650001\n')))).toEqual([[3, '5511987650001']]);
  });

  it('flags a formula cell instead of taking its result, and keeps a number cell as its digits', async () => {
    const rows = await readContactRows(
      'c.xlsx',
      await xlsx([
        ['nome', 'numero', 'email'],
        ['Ana', 5511987650001, 'ana@example.com'],
        ['Fórmula', { formula: 'B2+1', result: 5511987650002 }, ''],
        [{ formula: 'B2', result: 5511987650001 }, '5511987650003', ''],
      ]),
    );
    expect(rows).toEqual([
      { line: 2, input: { name: 'Ana', number: '5511987650001', email: 'ana@example.com' } },
      { line: 3, input: { name: 'Fórmula', number: '', email: '' }, formula: true },
      { line: 4, input: { name: '', number: '5511987650003', email: '' }, formula: true },
    ]);
  });

  it('flags a .csv cell (or a text cell) that starts with = as a formula, in the name column as in the number one', async () => {
    const csv = Buffer.from('nome,numero\nAna,5511987650001\n=B2,5511987650002\nBia, =5511987650003\n');
    expect(await readContactRows('c.csv', csv)).toEqual([
      { line: 2, input: { name: 'Ana', number: '5511987650001', email: '' } },
      { line: 3, input: { name: '=B2', number: '5511987650002', email: '' }, formula: true },
      { line: 4, input: { name: 'Bia', number: '=5511987650003', email: '' }, formula: true },
    ]);
    const rows = await readContactRows(
      'c.xlsx',
      await xlsx([
        ['nome', 'numero'],
        ['=HYPERLINK("x")', '5511987650004'],
      ]),
    );
    expect(rows).toEqual([{ line: 2, input: { name: '=HYPERLINK("x")', number: '5511987650004', email: '' }, formula: true }]);
  });

  it('refuses a file past CONTACT_IMPORT_MAX_ROWS rows, a headless and an empty one', async () => {
    const long = Buffer.from(['numero', ...Array.from({ length: CONTACT_IMPORT_MAX_ROWS + 1 }, (_, index) => String(5511900000000 + index))].join('\n'));
    expect(await refusal(readContactRows('c.csv', long))).toMatch(/^ERR_CONTACT_IMPORT_FILE_INVALID: .*more than 50000 rows/);
    expect(
      await refusal(
        readContactRows(
          'c.xlsx',
          await xlsx([
            ['Nome', 'Cidade'],
            ['Eva', 'Recife'],
          ]),
        ),
      ),
    ).toMatch(/^ERR_CONTACT_IMPORT_FILE_INVALID: .*número/);
    expect(await refusal(readContactRows('c.csv', Buffer.from('nome,numero\n')))).toMatch(/^ERR_CONTACT_IMPORT_FILE_INVALID: .*no contact/);
  });
});

describe('an .xlsx packed as a bomb', () => {
  it('is refused from its directory, in well under a second, before anything is unpacked', async () => {
    const cases: [string, Buffer][] = [
      ['unpacks past 32 MB', xlsxBomb({ sheetBytes: 40 * 1024 * 1024 })],
      ['packed more than 100 times', xlsxBomb({ sheetBytes: 2 * 1024 * 1024 })],
      ['too many parts', xlsxBomb({ sheetBytes: 1_000, extraParts: 600 })],
    ];
    for (const [what, file] of cases) {
      const started = performance.now();
      expect(await refusal(checkSpreadsheet('bomba.xlsx', file)), what).toMatch(/^ERR_SPREADSHEET_TOO_LARGE_UNPACKED/);
      expect(await refusal(readContactRows('bomba.xlsx', file)), what).toMatch(/^ERR_SPREADSHEET_TOO_LARGE_UNPACKED/);
      expect(performance.now() - started, what).toBeLessThan(1_000);
    }
  });

  it("whose directory lies about a part's size stops unpacking at the declared size", async () => {
    const lying = xlsxBomb({ sheetBytes: 8 * 1024 * 1024, declaredSize: 200_000 });
    await expect(checkSpreadsheet('bomba.xlsx', lying)).resolves.toBe('xlsx');
    expect(await refusal(readContactRows('bomba.xlsx', lying))).toMatch(/^ERR_SPREADSHEET_TOO_LARGE_UNPACKED: .*declared size/);
  });

  it('stops reading a long sheet one row past the limit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['numero']);
    for (let index = 0; index <= CONTACT_IMPORT_MAX_ROWS + 5_000; index++) sheet.addRow([`55119${String(index).padStart(8, '0')}`]);
    const long = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await refusal(readContactRows('muitas.xlsx', long))).toMatch(/^ERR_CONTACT_IMPORT_FILE_INVALID: .*more than 50000 rows/);
  }, 60_000);
});
