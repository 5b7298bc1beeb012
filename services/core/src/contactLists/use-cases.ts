import { contactListStream, LIST_ITEMS_PER_EVENT, type Actor, type ListItemDetails } from '@conversa/contracts';
import { randomUUID } from 'node:crypto';
import { execute, type UseCaseContext } from '../commands/execute';
import { contactNumber } from '../contacts/number';
import type { IdAllocator } from '../ids';
import { contactList } from './contact-list';

export interface ContactListUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}
type Who = { companyId: number; actor: Actor };

/** A list item's number as WhatsApp addresses it (E.164 digits, Brazil by default); throws ERR_INVALID_PHONE_NUMBER. */
export const listItemNumber = (raw: string): string => contactNumber(raw, { channel: 'whatsapp', isGroup: false }).number;

const run = (ctx: UseCaseContext, who: Who, id: number, command: Parameters<typeof contactList.decide>[1]) =>
  execute(ctx, { decider: contactList, streamId: contactListStream(id), command, companyId: who.companyId, actor: who.actor });

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
  row: number;
  number: string;
  ok: boolean;
  error: string | null;
}

/**
 * A spreadsheet's rows into a list, all in one append (a broken file or a crash adds none of them):
 * each row is kept or refused with its reason (a number that is not a phone, a name too short).
 */
export async function uploadContactListItems(
  ctx: ContactListUseCaseContext,
  input: Who & { contactListId: number; rows: Array<{ name: string; number: string; email: string }> },
): Promise<{ added: number; rows: UploadedRow[] }> {
  const kept: ListItemDetails[] = [];
  const results: UploadedRow[] = input.rows.map((row, index) => {
    const at = index + 2; // the header is row 1
    let number: string;
    try {
      number = listItemNumber(row.number);
    } catch {
      return { row: at, number: row.number, ok: false, error: 'Número inválido' };
    }
    const name = (row.name.trim() || number).slice(0, 50);
    const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row.email.trim()) ? row.email.trim().slice(0, 255) : '';
    kept.push({ name, number, email });
    return { row: at, number, ok: true, error: null };
  });
  if (kept.length === 0) return { added: 0, rows: results };
  const ids = ctx.ids.nextMany ? await ctx.ids.nextMany('contact_list_item', kept.length) : await Promise.all(kept.map(() => ctx.ids.next('contact_list_item')));
  await run(ctx, input, input.contactListId, { type: 'AddListItems', items: kept.map((details, index) => ({ itemId: ids[index]!, ...details })) });
  return { added: kept.length, rows: results };
}

export async function changeContactListItem(ctx: UseCaseContext, input: Who & { contactListId: number; itemId: number; changes: Partial<ListItemDetails> }): Promise<void> {
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
    const data = ctx.registry.validateForAppend('ContactListItemsValidated', { contactListId: input.contactListId, results: input.results.slice(start, start + LIST_ITEMS_PER_EVENT) });
    events.push({
      id: randomUUID(),
      type: 'ContactListItemsValidated',
      data,
      metadata: { companyId: input.companyId, actor: input.actor, correlationId, causationId: correlationId, occurredAt: ctx.now().toISOString(), schemaVersion: ctx.registry.versionOf('ContactListItemsValidated') },
    });
  }
  if (events.length > 0) await ctx.store.appendToStream(contactListStream(input.contactListId), events, { expectedRevision: 'any' });
}
