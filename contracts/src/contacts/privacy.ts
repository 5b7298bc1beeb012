/**
 * LGPD hide-number: with the company's lgpdHideNumber on, a user of profile 'user' is shown contact
 * numbers masked, everywhere (HTTP answers, socket frames, screens). The server masks; the UI masks
 * too, with this same function, so a number it already holds in full never shows unmasked.
 */

/** Digits left visible at the end of a masked number. */
export const SHOWN_LAST_DIGITS = 2;
/** Leading digits left visible on a full phone number (10 digits or more): country and area code. */
export const SHOWN_FIRST_DIGITS = 4;
export const MASK_CHAR = '*';

/** Admins, supervisors and super users see full numbers; a plain user sees them masked while the setting is on. */
export const hidesNumbers = (viewer: { profile?: string; super?: boolean } | null | undefined, lgpdHideNumber: unknown): boolean =>
  viewer?.profile === 'user' && viewer.super !== true && lgpdHideNumber === 'enabled';

/**
 * The number as a masked viewer sees it: every digit becomes '*' except the last 2 and, on a full
 * phone number, the first 4 (+55 11 … 21 says which region without saying who). Other characters
 * stay. A '*' counts as a digit position, so masking twice gives the same text.
 */
export function maskNumber(number: string): string {
  const positions = [...number].filter((char) => /\d/.test(char) || char === MASK_CHAR).length;
  const head = positions >= 10 ? SHOWN_FIRST_DIGITS : 0;
  let index = 0;
  return [...number]
    .map((char) => {
      if (!/\d/.test(char) && char !== MASK_CHAR) return char;
      const position = index++;
      return position < head || position >= positions - SHOWN_LAST_DIGITS ? char : MASK_CHAR;
    })
    .join('');
}

const digitsOf = (text: string) => text.replace(/[^\d*]/g, '');

/**
 * A contact with its number masked; its name too when the name is only the number (a contact whose
 * channel gave no name is named by its number).
 */
export function maskContact<T extends object>(contact: T): T {
  const { number, name } = contact as { number?: unknown; name?: unknown };
  const phoneLike = typeof name === 'string' && /^[\d\s()+*.-]+$/.test(name);
  if (typeof number !== 'string') {
    // Shown by name only (a scheduled message's contact): a name that is a phone number is masked all the same.
    return phoneLike && digitsOf(name).length >= 8 ? ({ ...contact, name: maskNumber(name) } as T) : contact;
  }
  const masked: Record<string, unknown> = { ...contact, number: maskNumber(number) };
  if (phoneLike && digitsOf(name) !== '' && digitsOf(name) === digitsOf(number)) masked.name = maskNumber(name);
  return masked as T;
}

/** Keys under which answers and frames carry a contact or a list of them (a message's group participant too). */
const CONTACT_KEYS = new Set(['contact', 'contacts', 'participant']);

/**
 * A copy of an answer or frame with every contact in it masked: the values under `contact`,
 * `contacts` and `participant` at any depth, and the root itself when `root` says it is a contact
 * (or a list of them).
 */
export function maskContactNumbers<T>(payload: T, options: { root?: boolean } = {}): T {
  return walk(payload, options.root === true) as T;
}

function walk(value: unknown, isContact: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, isContact));
  if (value === null || typeof value !== 'object') return value;
  // Dates and other values that serialise themselves are not records.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = walk(item, CONTACT_KEYS.has(key));
  return isContact ? maskContact(copy) : copy;
}
