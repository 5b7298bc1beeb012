import { CONTACT_IMPORT_MAX_ENTRIES, CONTACT_IMPORT_MAX_RATIO, CONTACT_IMPORT_MAX_UNPACKED_BYTES, DomainError } from '@conversa/contracts';
import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * An .xlsx's zip archive, judged by its directory before anything is unpacked (yauzl: it reads the
 * central directory only, and checks while unpacking that no part grows past the size the directory
 * declares, so a directory that lies about sizes is caught too).
 */
export interface SpreadsheetArchive {
  /** The parts by path ('xl/worksheets/sheet1.xml'). */
  readonly paths: ReadonlySet<string>;
  /** A part unpacked as a stream, failing past its declared size (and CONTACT_IMPORT_MAX_UNPACKED_BYTES). */
  open(path: string): Promise<Readable>;
  close(): void;
}

const tooLarge = (why: string) =>
  new DomainError('ERR_SPREADSHEET_TOO_LARGE_UNPACKED', `The spreadsheet cannot be read: ${why}. Save it again as a plain sheet, or split it.`);
const damaged = () => new DomainError('ERR_CONTACT_IMPORT_FILE_INVALID', 'The spreadsheet could not be read: the workbook is damaged.');
/** Parts smaller than this are not judged by their ratio: a few KB of repeated XML packs tightly. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Opens the archive and refuses it, at once, when its directory says it unpacks beyond the bounds. */
export async function openSpreadsheetArchive(data: Buffer): Promise<SpreadsheetArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (error, opened) =>
      error || !opened ? reject(damaged()) : resolve(opened),
    ),
  );
  try {
    if (zip.entryCount > CONTACT_IMPORT_MAX_ENTRIES) throw tooLarge(`it holds ${zip.entryCount} parts (at most ${CONTACT_IMPORT_MAX_ENTRIES})`);
    const entries = await directory(zip);
    let unpacked = 0;
    for (const entry of entries.values()) {
      unpacked += entry.uncompressedSize;
      if (unpacked > CONTACT_IMPORT_MAX_UNPACKED_BYTES) throw tooLarge(`it unpacks to more than ${CONTACT_IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB`);
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize > CONTACT_IMPORT_MAX_RATIO * Math.max(1, entry.compressedSize)) {
        throw tooLarge(`a part is packed more than ${CONTACT_IMPORT_MAX_RATIO} times`);
      }
    }
    return {
      paths: new Set(entries.keys()),
      open: (path) => {
        const entry = entries.get(path);
        if (!entry) return Promise.reject(damaged());
        return new Promise((resolve, reject) =>
          zip.openReadStream(entry, (error, stream) => {
            if (error || !stream) return reject(damaged());
            const part = bounded(Math.min(entry.uncompressedSize, CONTACT_IMPORT_MAX_UNPACKED_BYTES));
            // yauzl fails a part that unpacks past its declared size ("too many bytes"), zlib a damaged one.
            stream.on('error', (failure: Error) =>
              part.destroy(/too many bytes/i.test(failure.message) ? tooLarge('a part unpacks to more than its declared size') : damaged()),
            );
            part.on('close', () => stream.destroy());
            resolve(stream.pipe(part));
          }),
        );
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** The directory's entries (no part is unpacked); a name twice is a damaged archive. */
function directory(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) return reject(damaged());
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(damaged()));
    zip.readEntry();
  });
}

/** Passes a part's bytes on, failing once more than `limit` have come (yauzl checks the declared size too). */
function bounded(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) return done(tooLarge('a part unpacks to more than its declared size'));
      done(null, chunk);
    },
  });
}
