import {
  DomainError,
  type Actor,
  type ContactImportRefusalReason,
  type ContactImportRow,
  type ContactImportRowResult,
  type Position,
  type SheetRow,
} from '@conversa/contracts';
import { z } from 'zod';
import type { CommandContext } from '../commands/run';
import type { IdAllocator } from '../ids';
import { changeContact, createContact } from './lifecycle';
import { contactNumber } from './number';

type Context = CommandContext & { ids: IdAllocator };
type Meta = { companyId: number; actor: Actor };

/** Imported contacts are phone contacts of the default channel. */
export const PHONE = { channel: 'whatsapp', isGroup: false } as const;
const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * What a phone number is written with: digits, spaces, + ( ) - . and nothing else. The number reader
 * finds a number inside any text ("Ana 11 98765-4321"); an imported cell that is anything but a number
 * is refused instead of turned into one.
 */
const PHONE_TEXT = /^[+(]?[\d\s().-]{8,40}$/;
export const looksLikePhoneNumber = (text: string): boolean => PHONE_TEXT.test(text.trim());

export interface ImportedRow extends ContactImportRowResult {
  /** Where the row's last event landed: what read-your-writes waits for. */
  position: Position | null;
}

const refused = (row: number, number: string, reason: ContactImportRefusalReason): ImportedRow => ({ row, number, outcome: 'refused', reason, position: null });

/**
 * One row: a number new to the company creates a contact; a number a contact already has updates
 * that contact's name and e-mail (those the row gives), so importing never duplicates a contact.
 * A bad row is refused with its reason, never thrown.
 */
export async function importContactRow(ctx: Context, meta: Meta, input: ContactImportRow, row = 1): Promise<ImportedRow> {
  if (input.email !== '' && !isEmail(input.email)) return refused(row, input.number, 'invalidEmail');
  if (!looksLikePhoneNumber(input.number)) return refused(row, input.number, 'invalidNumber');
  let number: string;
  try {
    ({ number } = contactNumber(input.number, PHONE));
  } catch {
    return refused(row, input.number, 'invalidNumber');
  }
  try {
    const created = await createContact(ctx, { ...meta, ...PHONE, number, name: input.name, email: input.email });
    return { row, number, outcome: 'created', contactId: created.contactId, position: created.position };
  } catch (error) {
    const ownerId = error instanceof DomainError && error.code === 'ERR_DUPLICATED_CONTACT' ? error.details?.contactId : undefined;
    if (typeof ownerId !== 'number') return failed(error, row, number);
    const changes = { ...(input.name !== '' ? { name: input.name } : {}), ...(input.email !== '' ? { email: input.email } : {}) };
    try {
      const changed = await changeContact(ctx, { ...meta, contactId: ownerId, changes });
      return { row, number, outcome: 'updated', contactId: ownerId, position: changed.position };
    } catch (retry) {
      return failed(retry, row, number);
    }
  }
}

/** A row that lost every retry against other writers is refused; anything else is a bug and is thrown. */
function failed(error: unknown, row: number, number: string): ImportedRow {
  if (error instanceof DomainError && error.status < 500) return refused(row, number, error.code === 'ERR_INVALID_PHONE_NUMBER' ? 'invalidNumber' : 'failed');
  throw error;
}

/** A row of a whole file, as planned before anything is written: refused at once, or to write under its number's key. */
export type PlannedRow = { row: number; input: ContactImportRow } & ({ refusal: ContactImportRowResult } | { number: string; key: string });

/**
 * A whole file's rows checked before any is written: a row with a formula, a bad number or e-mail is
 * refused, and a number repeated in the file (once normalised) is imported at its first row only (the
 * later rows are refused as duplicates). Rows keep the sheet's line numbers. Deterministic, so a
 * resumed import plans the same rows the same way.
 */
export function planContactRows(rows: readonly SheetRow[]): PlannedRow[] {
  const seen = new Set<string>();
  return rows.map(({ line: row, input, formula }) => {
    const refuse = (reason: ContactImportRefusalReason) => ({ row, input, refusal: { row, number: input.number, outcome: 'refused' as const, reason } });
    if (formula) return refuse('formula');
    if (input.email !== '' && !isEmail(input.email)) return refuse('invalidEmail');
    if (!looksLikePhoneNumber(input.number)) return refuse('invalidNumber');
    let parsed: { number: string; key: string };
    try {
      parsed = contactNumber(input.number, PHONE);
    } catch {
      return refuse('invalidNumber');
    }
    if (seen.has(parsed.key)) return refuse('duplicateInFile');
    seen.add(parsed.key);
    return { row, input, number: parsed.number, key: parsed.key };
  });
}
