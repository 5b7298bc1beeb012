import { z } from 'zod';

/**
 * What a read table can hold, as schemas every contract shares. A request or an event outside these
 * bounds is refused (400) before anything is appended, so a projector never meets a value its column
 * cannot store and the platform never stops on one.
 */

/** Postgres `integer`: ids and counts in read tables. */
export const INT32_MAX = 2_147_483_647;

/** A record id (Postgres `integer` primary keys). */
export const RecordId = z.number().int().min(1).max(INT32_MAX);

/** Only digits (spaces around them allowed, as in `1, 2` lists) become numbers: `''`, `'1e3'`, `'0x10'`, `'1.5'` stay text and are refused. */
const digitsToNumber = (value: unknown): unknown => (typeof value === 'string' && /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : value);

/** A record id from a path or query parameter (text in the URL). */
export const RecordIdParam = z.preprocess(digitsToNumber, RecordId);

/**
 * A yes/no query parameter: `true`/`false` as a typed client sends a boolean, `1`/`0` as a form may;
 * absent or empty is false (so the document marks it optional, default false).
 */
export const QueryFlag = z
  .preprocess(
    (value) =>
      value === 'true' || value === '1' || value === true ? true : value === 'false' || value === '0' || value === false || value === '' ? false : value,
    z.boolean(),
  )
  .default(false);

/** A page number from a query (absent or empty: the first). */
export const PageNumberParam = z.preprocess((value) => (value === '' ? 1 : digitsToNumber(value)), z.number().int().min(1).max(100_000)).default(1);

/** A count or quantity stored in an `integer` column. */
export const Count32 = z.number().int().min(0).max(INT32_MAX);
/** A count from a path or query parameter. */
export const Count32Param = z.preprocess(digitsToNumber, Count32);

/** NUL and UTF-16 halves without their partner: Postgres text and jsonb cannot store them. */
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * Text that Postgres can store. Anything typed by a user is refused when it is not (400), since a
 * NUL or a lone surrogate there is a bug or an attack, not a message.
 */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: 'Text must not contain NUL characters or unpaired surrogates' });

/**
 * Text from a contact, written on a channel we do not control: stored, never dropped, so what cannot
 * be stored is mended (NUL removed, a lone surrogate becomes U+FFFD, the replacement character).
 */
export const normaliseText = (text: string): string => text.replace(NUL, '').replace(LONE_SURROGATES, '\uFFFD');
/** Every string inside a provider's value, mended with normaliseText (keys included). */
export function normaliseDeep<T>(value: T): T {
  if (typeof value === 'string') return normaliseText(value) as T;
  if (Array.isArray(value)) return value.map(normaliseDeep) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [normaliseText(key), normaliseDeep(inner)])) as T;
  }
  return value;
}
/** A contact's text: mended, then a string like any other. */
export const inboundText = () => z.string().overwrite(normaliseText);

/** True when `YYYY-MM-DD` names a day of the calendar (not 2023-02-30, not year 0, which Postgres lacks). */
const isCalendarDay = (day: string): boolean => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (year < 1) return false;
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
};

/** A calendar day, `YYYY-MM-DD`, that round-trips through Date (Postgres `date`). */
export const RealDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
  .refine(isCalendarDay, { message: 'date must be a real calendar day' });

/** An ISO datetime whose day exists (Postgres `timestamptz` refuses 2023-02-30T…). */
export const realDateTime = (options?: Parameters<typeof z.iso.datetime>[0]) =>
  z.iso
    .datetime(options)
    .refine((value) => isCalendarDay(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)), { message: 'datetime must name a real moment' });
