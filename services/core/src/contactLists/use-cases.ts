import { contactListStream, LIST_ITEMS_PER_EVENT, type ListItemDetails, type SheetRow } from '@conversa/contracts';
import { randomUUID } from 'node:crypto';
import type { UseCaseContext } from '../commands/execute';
import { looksLikePhoneNumber } from '../contacts/import';
import { contactNumber } from '../contacts/number';
import type { IdAllocator } from '../ids';
import { streamCommands, type Who } from '../shared/stream-commands';
import { contactList } from './contact-list';

export interface ContactListUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** A list item's number as WhatsApp addresses it (E.164 digits, Brazil by default); throws ERR_INVALID_PHONE_NUMBER. */
export const listItemNumber = (raw: string): string => contactNumber(raw, { channel: 'whatsapp', isGroup: false }).number;

const run = streamCommands(contactList, contactListStream);

export async function createContactList(ctx: ContactListUseCaseContext, input: Who & { name: string }): Promise<number> {
  const contactListId = await ctx.ids.next('contact_list');
  await run(ctx, input, contactListId, { type: 'CreateContactList', contactListId, name: input.name });
  return contactListId;
}

export async function renameContactList(ctx: UseCaseContext, input: Who & { id: number; name: string }): Promise<void> {
  await run(ctx, input, input.id, { type: 'RenameContactList', name: input.name });
}

export async function deleteContactList(ctx: UseCaseContext, input: Who & { id: number }): Promise<void> {
  await run(ctx, input, input.id, { type: 'DeleteContactList' });
}

export async function addContactListItem(ctx: ContactListUseCaseContext, input: Who & { contactListId: number; details: ListItemDetails }): Promise<number> {
  const details = { ...input.details, number: listItemNumber(input.details.number) };
  const itemId = await ctx.ids.next('contact_list_item');
  await run(ctx, input, input.contactListId, { type: 'AddListItems', items: [{ itemId, ...details }] });
  return itemId;
}

export interface UploadedRow {
  /** The sheet's row number (the header is row 1). */
  row: number;
  number: string;
  ok: boolean;
  /** Why a row was refused: a cell that is no phone number, or a formula. */
  reason: 'invalidNumber' | 'formula' | null;
}

/**
 * A spreadsheet's rows into a list, all in one append (a crash adds none of them; `commandId` makes
 * the contact-import worker's retry of the same upload a no-op): each row is kept or refused with its
 * reason (a cell that is not a phone number, a formula), numbered as the sheet numbers it.
 */
export async function uploadContactListItems(
  ctx: ContactListUseCaseContext,
  input: Who & { contactListId: number; rows: readonly SheetRow[]; commandId?: string },
): Promise<{ added: number; rows: UploadedRow[] }> {
  const kept: ListItemDetails[] = [];
  const results: UploadedRow[] = input.rows.map(({ line: row, input: cells, formula }) => {
    if (formula) return { row, number: cells.number, ok: false, reason: 'formula' };
    let number: string;
    try {
      if (!looksLikePhoneNumber(cells.number)) throw new Error('not a phone number');
      number = listItemNumber(cells.number);
    } catch {
      return { row, number: cells.number, ok: false, reason: 'invalidNumber' };
    }
    const name = (cells.name.trim() || number).slice(0, 50);
    const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cells.email.trim()) ? cells.email.trim().slice(0, 255) : '';
    kept.push({ name, number, email });
    return { row, number, ok: true, reason: null };
  });
  if (kept.length === 0) return { added: 0, rows: results };
  const ids = ctx.ids.nextMany
    ? await ctx.ids.nextMany('contact_list_item', kept.length)
    : await Promise.all(kept.map(() => ctx.ids.next('contact_list_item')));
  await run(
    ctx,
    input,
    input.contactListId,
    { type: 'AddListItems', items: kept.map((details, index) => ({ itemId: ids[index]!, ...details })) },
    { commandId: input.commandId },
  );
  return { added: kept.length, rows: results };
}

export async function changeContactListItem(
  ctx: UseCaseContext,
  input: Who & { contactListId: number; itemId: number; changes: Partial<ListItemDetails> },
): Promise<void> {
  const changes = { ...input.changes, ...(input.changes.number !== undefined ? { number: listItemNumber(input.changes.number) } : {}) };
  await run(ctx, input, input.contactListId, { type: 'ChangeListItem', itemId: input.itemId, changes });
}

export async function removeContactListItem(ctx: UseCaseContext, input: Who & { contactListId: number; itemId: number }): Promise<void> {
  await run(ctx, input, input.contactListId, { type: 'RemoveListItem', itemId: input.itemId });
}

/**
 * The background check's answers (the validity reactor), appended without folding the list: a 100,000-item
 * list would be read whole for every batch. The read model applies an answer only to an item that still
 * holds the number asked about, so a number changed or removed meanwhile keeps no stale answer.
 */
export async function recordListValidation(
  ctx: UseCaseContext,
  input: Who & { contactListId: number; results: Array<{ itemId: number; number: string; valid: boolean }> },
): Promise<void> {
  const correlationId = randomUUID();
  const events = [];
  for (let start = 0; start < input.results.length; start += LIST_ITEMS_PER_EVENT) {
    const data = ctx.registry.validateForAppend('ContactListItemsValidated', {
      contactListId: input.contactListId,
      results: input.results.slice(start, start + LIST_ITEMS_PER_EVENT),
    });
    events.push({
      id: randomUUID(),
      type: 'ContactListItemsValidated',
      data,
      metadata: {
        companyId: input.companyId,
        actor: input.actor,
        correlationId,
        causationId: correlationId,
        occurredAt: ctx.now().toISOString(),
        schemaVersion: ctx.registry.versionOf('ContactListItemsValidated'),
      },
    });
  }
  if (events.length > 0) await ctx.store.appendToStream(contactListStream(input.contactListId), events, { expectedRevision: 'any' });
}
