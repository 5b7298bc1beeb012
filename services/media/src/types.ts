import { DomainError } from '@conversa/contracts';

/** What the bytes turned out to be, as `file-type` reports it (undefined: no magic number, e.g. text). */
export interface SniffedType {
  ext: string;
  mime: string;
}

export interface AcceptedType {
  mime: string;
  /** Extension of the stored name, from the detected type (never from the uploaded name). */
  ext: string;
}

/** Modern office documents are recognised by their bytes (zip layouts file-type knows). */
const OFFICE_DOCUMENTS = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
]);

/**
 * Word 97, Excel 97 and PowerPoint 97 files are all one container format (CFB) to a sniffer; the
 * declared type tells them apart, and is believed only when the bytes really are a CFB container.
 */
const LEGACY_OFFICE: Record<string, string> = {
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
};

/** Text has no magic number: these declared types are stored when the bytes are UTF-8 text. */
const TEXT_TYPES: Record<string, string> = {
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/vcard': 'vcf',
  'text/x-vcard': 'vcf',
  'text/calendar': 'ics',
};

/** Detected text formats file-type names itself. */
const DETECTED_TEXT = new Set(['text/vcard', 'text/calendar']);

const baseMime = (mime: string | undefined) => mime?.split(';')[0]?.trim().toLowerCase();

/**
 * The allow-list (image, video, audio, PDF, office documents, plain text): the stored type and
 * extension for what the bytes are, or ERR_MEDIA_TYPE_NOT_ALLOWED. SVG, HTML, scripts, archives and
 * executables are refused: served back from our origin they could run in a user's session.
 */
export function acceptType(sniffed: SniffedType | undefined, declaredMime: string | undefined, looksLikeText: boolean): AcceptedType {
  const declared = baseMime(declaredMime);
  if (sniffed) {
    const mime = sniffed.mime;
    const family = mime.split('/')[0];
    if (family === 'image' || family === 'video' || family === 'audio') return { mime, ext: sniffed.ext };
    if (mime === 'application/pdf' || OFFICE_DOCUMENTS.has(mime) || DETECTED_TEXT.has(mime)) return { mime, ext: sniffed.ext };
    if (mime === 'application/x-cfb' && declared && LEGACY_OFFICE[declared]) return { mime: declared, ext: LEGACY_OFFICE[declared] };
    throw refused(mime);
  }
  if (looksLikeText) {
    const textMime = declared && TEXT_TYPES[declared] ? declared : declared === undefined || declared === 'application/octet-stream' ? 'text/plain' : undefined;
    if (textMime) return { mime: textMime, ext: TEXT_TYPES[textMime]! };
  }
  throw refused(declared ?? 'unknown');
}

function refused(mime: string): DomainError {
  return new DomainError('ERR_MEDIA_TYPE_NOT_ALLOWED', undefined, { mime });
}

/**
 * Whether a file's first bytes read as UTF-8 text: no NUL bytes and no invalid sequences (a
 * sequence cut by the end of the sample is fine).
 */
export function isUtf8Text(sample: Uint8Array): boolean {
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}
