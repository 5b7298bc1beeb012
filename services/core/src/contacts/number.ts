import { DomainError, type Channel } from '@conversa/contracts';
// The full metadata: the small default set only checks lengths, so '14155552671' would pass as a
// Brazilian number (DDD 14) instead of being read as the US number it is.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Country assumed for numbers written without a country code. */
export const DEFAULT_COUNTRY = 'BR';

export interface ContactNumber {
  /** What the contact records: E.164 digits without '+' for phones; the id as given otherwise. */
  number: string;
  /**
   * What makes two contacts the same in a company (the guard stream's name): the number with a
   * Brazilian mobile's 9th digit always present, `group:<id>` for groups, `<channel>:<id>` for
   * channels whose contacts are not phone numbers.
   */
  key: string;
}

export interface ContactNumberOptions {
  channel: Channel;
  isGroup: boolean;
  /**
   * The number came from the channel itself (an inbound message), so it exists even when the
   * numbering plan does not know its range yet: international digits are then kept as they are.
   */
  verifiedByChannel?: boolean;
}

/** Facebook and Instagram address people by page-scoped ids, not phone numbers. */
const PHONELESS_CHANNELS: ReadonlySet<Channel> = new Set(['facebook', 'instagram']);
/** Group and page-scoped ids: kept verbatim, so only characters that are safe in a stream name. */
const OPAQUE_ID = /^[\w@.:-]{1,100}$/;
/**
 * A Brazilian mobile written the pre-2016 way, without the 9th digit: 55, the two-digit area code
 * and eight digits starting 6–9 (landlines start 2–5). WhatsApp still addresses older accounts so.
 */
const BRAZILIAN_MOBILE_WITHOUT_NINTH_DIGIT = /^55(\d{2})([6-9]\d{7})$/;
/** E.164 allows at most 15 digits; fewer than 8 is no subscriber number anywhere we serve. */
const E164_DIGITS = /^\d{8,15}$/;

const invalid = (raw: string) => new DomainError('ERR_INVALID_PHONE_NUMBER', undefined, { number: raw });

/**
 * Normalises a contact's number and derives its uniqueness key. Phones are read with Brazil as
 * the default country ('(11) 98765-4321', '5511987654321' and '+55 11 98765-4321' are one number);
 * a number that is not valid throws ERR_INVALID_PHONE_NUMBER.
 */
export function contactNumber(raw: string, options: ContactNumberOptions): ContactNumber {
  const given = raw.trim();
  if (options.isGroup || PHONELESS_CHANNELS.has(options.channel)) {
    if (!OPAQUE_ID.test(given)) throw invalid(raw);
    return { number: given, key: recordedNumberKey(given, options) };
  }
  const digits = phoneDigits(given) ?? (options.verifiedByChannel ? verifiedDigits(given) : undefined);
  if (digits === undefined) throw invalid(raw);
  return { number: digits, key: recordedNumberKey(digits, options) };
}

/** The uniqueness key of E.164 digits: a Brazilian mobile always with its 9th digit. */
export function phoneKey(digits: string): string {
  const old = BRAZILIAN_MOBILE_WITHOUT_NINTH_DIGIT.exec(digits);
  return old ? `55${old[1]}9${old[2]}` : digits;
}

/**
 * Parsing with the full metadata costs about a tenth of a millisecond, and every inbound message
 * parses its sender's number: the answers for recent numbers are kept (a bounded, pure cache).
 */
const recentReadings = new Map<string, string | undefined>();
const RECENT_READINGS_KEPT = 20_000;

function phoneDigits(given: string): string | undefined {
  if (recentReadings.has(given)) return recentReadings.get(given);
  const digits = readPhoneDigits(given);
  if (recentReadings.size >= RECENT_READINGS_KEPT) recentReadings.delete(recentReadings.keys().next().value!);
  recentReadings.set(given, digits);
  return digits;
}

function readPhoneDigits(given: string): string | undefined {
  if (!/^[+\d\s().\-/]+$/.test(given)) return undefined;
  const digits = given.replace(/\D/g, '');
  if (digits.length === 0) return undefined;
  // Without '+', up to 11 digits is how people write a Brazilian number (area code + subscriber);
  // longer is a country code followed by the number, as channels send it.
  const readings = given.startsWith('+')
    ? [{ text: `+${digits}` }]
    : digits.length <= 11
      ? [{ text: digits, country: DEFAULT_COUNTRY }, { text: `+${digits}` }]
      : [{ text: `+${digits}` }, { text: digits, country: DEFAULT_COUNTRY }];
  for (const reading of readings) {
    const parsed = parsePhoneNumberFromString(reading.text, reading.country === undefined ? undefined : { defaultCountry: DEFAULT_COUNTRY });
    if (!parsed) continue;
    const e164 = parsed.number.slice(1);
    if (parsed.isValid()) return e164;
    if (isBrazilianMobileWithoutNinthDigit(e164)) return e164;
  }
  return undefined;
}

/** Valid once the 9th digit is put back, and a mobile then. */
function isBrazilianMobileWithoutNinthDigit(e164: string): boolean {
  if (!BRAZILIAN_MOBILE_WITHOUT_NINTH_DIGIT.test(e164)) return false;
  const modern = parsePhoneNumberFromString(`+${phoneKey(e164)}`);
  return modern !== undefined && modern.isValid() && modern.getType() === 'MOBILE';
}

function verifiedDigits(given: string): string | undefined {
  const digits = given.replace(/^\+/, '');
  return E164_DIGITS.test(digits) ? digits : undefined;
}

/** The key of a number a contact already records (normalised when it was written). */
export function recordedNumberKey(number: string, options: Pick<ContactNumberOptions, 'channel' | 'isGroup'>): string {
  if (options.isGroup) return `group:${number}`;
  if (PHONELESS_CHANNELS.has(options.channel)) return `${options.channel}:${number}`;
  return phoneKey(number);
}
