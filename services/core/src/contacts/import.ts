import { comparePositions, DomainError, type Actor, type ContactImportRefusalReason, type ContactImportRow, type ContactImportRowResult, type Position } from '@conversa/contracts';
import { z } from 'zod';
import type { CommandContext } from '../commands/run';
import type { IdAllocator } from '../ids';
import { changeContact, createContact } from './lifecycle';
import { contactNumber } from './number';

type Context = CommandContext & { ids: IdAllocator };
type Meta = { companyId: number; actor: Actor };

/** Rows written at once: each row is a few appends, so a handful in flight keeps the store busy without flooding it. */
export const IMPORT_CONCURRENCY = 32;

/** Imported contacts are phone contacts of the default channel. */
const PHONE = { channel: 'whatsapp', isGroup: false } as const;
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

/** The normalised key of a row's number, or undefined when it is not a number. */
function keyOf(number: string): string | undefined {
  try {
    return contactNumber(number, PHONE).key;
  } catch {
    return undefined;
  }
}

export interface ImportProgress {
  processed: number;
  result: ImportedRow;
}

/**
 * A whole file's rows, in a few parallel lanes. A number repeated in the file (once normalised) is
 * imported once, at its first row; the later rows are refused as duplicates. `onRow` sees every
 * outcome as it comes; the answer is the outcomes in row order and the last position written.
 */
export async function importContactRows(
  ctx: Context,
  meta: Meta,
  rows: readonly ContactImportRow[],
  onRow: (progress: ImportProgress) => void = () => {},
): Promise<{ results: ImportedRow[]; position: Position | null }> {
  const results: ImportedRow[] = new Array(rows.length);
  const seen = new Set<string>();
  const work: number[] = [];
  let processed = 0;
  const record = (index: number, result: ImportedRow) => {
    results[index] = result;
    onRow({ processed: ++processed, result });
  };
  rows.forEach((input, index) => {
    const key = keyOf(input.number);
    if (key !== undefined && seen.has(key)) record(index, refused(index + 1, input.number, 'duplicateInFile'));
    else {
      if (key !== undefined) seen.add(key);
      work.push(index);
    }
  });
  let next = 0;
  let last: Position | null = null;
  const lane = async () => {
    while (next < work.length) {
      const index = work[next++]!;
      const result = await importContactRow(ctx, meta, rows[index]!, index + 1);
      if (result.position && (!last || comparePositions(result.position, last) > 0)) last = result.position;
      record(index, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, work.length) }, lane));
  return { results, position: last };
}
