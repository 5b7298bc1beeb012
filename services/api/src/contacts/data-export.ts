import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { safeCells } from '@conversa/contracts';
import { CONTACT_DATA_KINDS, contactData, type ContactDataKind, type ExportRow } from '@conversa/projections/contacts/dataExport';
import type { ReadDatabase } from '@conversa/projections/database';
import archiver from 'archiver';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';

/** Longest text a cell holds (Excel's limit): a longer message body is cut in the sheet, whole in its JSON file. */
const CELL_MAX = 32_767;

export interface DataExportSource {
  db: Kysely<ReadDatabase>;
  companyId: number;
  profile: ExportRow & { id: number; number: string };
  /** Aborted when the client goes or the export's time runs out: the reads stop and the zip is destroyed. */
  signal: AbortSignal;
}

/** A kind's rows as a JSON array, written page by page while the zip reads it. */
function jsonOf(source: DataExportSource, kind: ContactDataKind): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const page of contactData(source.db, source.companyId, source.profile, kind)) {
        source.signal.throwIfAborted();
        const text = page.map((row) => JSON.stringify(row, null, 2)).join(',\n');
        yield first ? `\n${text}` : `,\n${text}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
}

const cellValue = (value: unknown): unknown => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : value;
  return typeof text === 'string' && text.length > CELL_MAX ? text.slice(0, CELL_MAX) : text;
};
const cellsOf = (row: ExportRow) => safeCells(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cellValue(value)])));

/** Until the zip has read what is written so far: exceljs's writer does not wait, so each page waits here. */
const drained = (out: PassThrough) => (out.writableNeedDrain ? once(out, 'drain') : Promise.resolve());

/**
 * The workbook: a sheet per kind, streamed (rows committed as they are read). It starts when the zip
 * reaches its entry (not when the entry is queued), and each page waits for the zip to take the last.
 */
function workbookOf(source: DataExportSource): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const profile = workbook.addWorksheet('profile');
    profile.columns = [
      { header: 'field', key: 'field', width: 24 },
      { header: 'value', key: 'value', width: 60 },
    ];
    for (const [field, value] of Object.entries(source.profile)) profile.addRow(safeCells({ field, value: cellValue(value) })).commit();
    profile.commit();
    for (const kind of CONTACT_DATA_KINDS) {
      const sheet = workbook.addWorksheet(kind);
      let headed = false;
      for await (const page of contactData(source.db, source.companyId, source.profile, kind)) {
        source.signal.throwIfAborted();
        if (!headed && page[0]) {
          sheet.columns = Object.keys(page[0]).map((key) => ({ header: key, key, width: 20 }));
          headed = true;
        }
        for (const row of page) sheet.addRow(cellsOf(row)).commit();
        await drained(out);
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  out.once('resume', () => void write().catch((error: unknown) => out.destroy(error as Error)));
  return out;
}

/**
 * The contact's data as a zip: profile.json and a JSON file per kind, then data.xlsx with a sheet per
 * kind. Entries are added in order and each is read only when the zip reaches it, so memory holds a
 * page of rows, not the export.
 */
export function contactDataZip(source: DataExportSource): Readable {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const stop = () => zip.destroy(source.signal.reason instanceof Error ? source.signal.reason : new Error('data export aborted'));
  source.signal.addEventListener('abort', stop, { once: true });
  zip.on('close', () => source.signal.removeEventListener('abort', stop));
  zip.append(`${JSON.stringify(source.profile, null, 2)}\n`, { name: 'profile.json' });
  for (const kind of CONTACT_DATA_KINDS) zip.append(jsonOf(source, kind), { name: `${kind}.json` });
  zip.append(workbookOf(source), { name: 'data.xlsx' });
  void zip.finalize().catch((error: unknown) => zip.destroy(error as Error));
  return zip;
}
