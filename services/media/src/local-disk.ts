import { DomainError, type StoredMedia } from '@conversa/contracts';
import { fileTypeFromFile } from 'file-type';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_MEDIA_MAX_BYTES, mediaFileOf, mediaUrl, type MediaStore, type OpenedMedia, type SaveMediaInput } from './port';
import { acceptType, isUtf8Text } from './types';

export interface LocalDiskMediaOptions {
  /** MEDIA_DIR: one folder per company below it. */
  dir: string;
  /** Largest file accepted (MEDIA_MAX_BYTES). */
  maxBytes?: number;
}

/** How much of the start of a file decides whether it is text. */
const TEXT_SAMPLE_BYTES = 64 * 1024;

interface Sidecar {
  mime: string;
  name: string;
  size: number;
}

/**
 * Files under `<dir>/<companyId>/<uuid>.<ext>`, with their type and uploaded name beside them in
 * `<uuid>.<ext>.json`. Uploads land in `<dir>/.incoming` first and move into place only once they
 * passed the size and type checks, so a refused or interrupted upload never becomes a media url.
 */
export function createLocalDiskMediaStore(options: LocalDiskMediaOptions): MediaStore {
  const root = resolve(options.dir);
  const incoming = join(root, '.incoming');
  const maxBytes = options.maxBytes ?? DEFAULT_MEDIA_MAX_BYTES;

  /** The file's path, or undefined for anything that is not a url of this company's media. */
  const pathOf = (companyId: number, url: string): string | undefined => {
    const file = mediaFileOf(companyId, url);
    if (!file) return undefined;
    const path = join(root, String(companyId), file);
    // mediaFileOf admits no separators or dots beyond the extension's; this is the belt to those braces.
    return path.startsWith(root + sep) ? path : undefined;
  };

  const readSidecar = async (path: string): Promise<Sidecar | undefined> => {
    try {
      return JSON.parse(await readFile(`${path}.json`, 'utf8')) as Sidecar;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };

  return {
    maxBytes,

    async save(input: SaveMediaInput): Promise<StoredMedia> {
      if (!Number.isSafeInteger(input.companyId) || input.companyId <= 0) throw new DomainError('ERR_VALIDATION', 'Invalid company for media');
      await mkdir(incoming, { recursive: true });
      const id = randomUUID();
      const temporary = join(incoming, id);
      let size = 0;
      const sample: Buffer[] = [];
      let sampled = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) return callback(new DomainError('ERR_MEDIA_TOO_LARGE', undefined, { maxBytes }));
          if (sampled < TEXT_SAMPLE_BYTES) {
            const part = chunk.subarray(0, TEXT_SAMPLE_BYTES - sampled);
            sample.push(part);
            sampled += part.length;
          }
          callback(null, chunk);
        },
      });
      const sink = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
      try {
        const source = Buffer.isBuffer(input.data) ? Readable.from([input.data]) : input.data;
        await pipeline(source, limit, sink);
        if (size === 0) throw new DomainError('ERR_VALIDATION', 'The file is empty.');
        const sniffed = await fileTypeFromFile(temporary);
        const accepted = acceptType(sniffed, input.declaredMime, isUtf8Text(Buffer.concat(sample)));
        const ext = /^[a-z0-9]{1,8}$/.test(accepted.ext) ? accepted.ext : 'bin';
        const file = `${id}.${ext}`;
        const name = displayName(input.originalName, file);
        const folder = join(root, String(input.companyId));
        await mkdir(folder, { recursive: true });
        const sidecar: Sidecar = { mime: accepted.mime, name, size };
        await writeFile(join(folder, `${file}.json`), JSON.stringify(sidecar), { mode: 0o600 });
        await rename(temporary, join(folder, file));
        return { url: mediaUrl(input.companyId, file), name, mime: accepted.mime, size };
      } finally {
        // A refused upload destroys the sink while its file may still be opening: removing the file
        // before the sink has closed would let the open create it again, left behind.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await rm(temporary, { force: true });
      }
    },

    async open(companyId, url): Promise<OpenedMedia | undefined> {
      const path = pathOf(companyId, url);
      const sidecar = path && (await readSidecar(path));
      if (!path || !sidecar) return undefined;
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), mime: sidecar.mime, size, name: sidecar.name };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async describe(companyId, url) {
      const path = pathOf(companyId, url);
      const sidecar = path && (await readSidecar(path));
      if (!sidecar || !existsSync(path)) return undefined;
      return { url, name: sidecar.name, mime: sidecar.mime, size: sidecar.size };
    },

    async remove(companyId, url) {
      const path = pathOf(companyId, url);
      if (!path) return;
      await rm(path, { force: true });
      await rm(`${path}.json`, { force: true });
    },
  };
}

/** The uploaded name without any folder part or control characters, for showing and downloading only. */
export function displayName(originalName: string, fallback: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  // oxlint-disable-next-line no-control-regex -- control characters are what it strips
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean === '' || clean === '.' || clean === '..' ? fallback : clean).slice(0, 255);
}
