import type { StoredMedia } from '@conversa/contracts';
import type { Readable } from 'node:stream';

export interface SaveMediaInput {
  companyId: number;
  data: Buffer | Readable;
  /** What the uploader or the channel claims the type is; only trusted where the bytes cannot tell (text, legacy office files). */
  declaredMime?: string;
  /** Kept as metadata (shown to users, offered as the download name); never used to name the stored file. */
  originalName: string;
}

export interface OpenedMedia {
  stream: Readable;
  mime: string;
  size: number;
  /** The name the file was uploaded with. */
  name: string;
}

/**
 * Where message files live (docs/ARCHITECTURE.md "Stores and engines": local disk, or an S3-compatible bucket).
 * Files belong to one company: `open` and `remove` answer only for urls of that company.
 */
export interface MediaStore {
  /** Largest file `save` accepts, in bytes (uploads can stop reading past it). */
  readonly maxBytes: number;
  /** Sniffs the type, refuses what is not allowed or too large (4xx DomainError) and stores the bytes under a generated name. */
  save(input: SaveMediaInput): Promise<StoredMedia>;
  /** The file behind a url `save` returned, or undefined when it is not this company's or does not exist. */
  open(companyId: number, url: string): Promise<OpenedMedia | undefined>;
  /** What `save` answered for this url (without opening the bytes), or undefined as for `open`. */
  describe(companyId: number, url: string): Promise<StoredMedia | undefined>;
  /** Deletes the file; a url that is not this company's or is already gone is a no-op. */
  remove(companyId: number, url: string): Promise<void>;
}

/** Default size limit of one file: 64 MB. */
export const DEFAULT_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/** Urls look like `/media/<companyId>/<uuid>.<ext>`; nothing else (no dots, slashes or percent signs) is ever a media url. */
const MEDIA_URL = /^\/media\/([1-9]\d{0,9})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8})$/;

export const mediaUrl = (companyId: number, file: string) => `/media/${companyId}/${file}`;

/** The stored file name a url names for that company, or undefined when the url is malformed or another company's. */
export function mediaFileOf(companyId: number, url: string): string | undefined {
  const match = MEDIA_URL.exec(url);
  if (!match || Number(match[1]) !== companyId) return undefined;
  return match[2];
}
