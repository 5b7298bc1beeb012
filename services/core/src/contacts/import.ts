import { DomainError, type Actor, type ContactImportRefusalReason, type ContactImportRow, type ContactImportRowResult, type Position } from '@conversa/contracts';
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
 * A whole file's rows checked before any is written: bad numbers and e-mails are refused, and a number
 * repeated in the file (once normalised) is imported at its first row only (the later rows are
 * refused as duplicates). Deterministic, so a resumed import plans the same rows the same way.
 */
export function planContactRows(rows: readonly ContactImportRow[]): PlannedRow[] {
  const seen = new Set<string>();
  return rows.map((input, index) => {
    const row = index + 1;
    const refuse = (reason: ContactImportRefusalReason) => ({ row, input, refusal: { row, number: input.number, outcome: 'refused' as const, reason } });
    if (input.email !== '' && !isEmail(input.email)) return refuse('invalidEmail');
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
