// The .xls reader's worker thread (plain JavaScript: a worker thread loads it without the TypeScript
// loader). SheetJS reads a legacy workbook whole and synchronously (some 2 s for 50,000 rows): here it
// runs off the event loop, under the memory bound the thread is started with.
import * as XLS from '@e965/xlsx';
import { parentPort, workerData } from 'node:worker_threads';

const { data, lines } = workerData;

function text(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value);
}

try {
  const workbook = XLS.read(Buffer.from(data), {
    type: 'buffer',
    dense: true,
    sheetRows: lines,
    cellFormula: true,
    cellHTML: false,
    cellStyles: false,
    cellDates: true,
  });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) {
    parentPort.postMessage({ refused: 'the workbook has no sheet' });
  } else {
    // SheetJS cut the sheet at `lines`: the caller refuses a longer sheet like an .xlsx past the limit.
    const cut = Boolean(sheet['!fullref']) && XLS.utils.decode_range(sheet['!fullref']).e.r >= lines;
    // Array.from, not map: a blank line or cell is a hole in SheetJS' dense rows.
    const cellOf = (cell) => (!cell ? { text: '', formula: false } : cell.f ? { text: '', formula: true } : { text: text(cell.v), formula: false });
    const rows = Array.from(sheet['!data'] ?? [], (row) => Array.from(row ?? [], cellOf));
    parentPort.postMessage({ rows, cut });
  }
} catch {
  parentPort.postMessage({ refused: 'the workbook is damaged' });
}
