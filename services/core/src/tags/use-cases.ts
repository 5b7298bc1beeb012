import { contactStream, DomainError, tagStream, type Actor } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import { contact } from '../contacts/contact';
import type { IdAllocator } from '../ids';
import { tag, type TagCommand } from './tag';

const onTag = streamCommands(tag, tagStream);
const onContact = streamCommands(contact, contactStream);

/** What the tag use cases need of their process: commands awaited into the read models, and ids. */
export interface TagUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

type TagDetails = Omit<Extract<TagCommand, { type: 'CreateTag' }>['details'], 'userId'>;
type TagChanges = Extract<TagCommand, { type: 'ChangeTag' }>['changes'];

/** The read models a contact's tag sync is checked against. */
export interface TagSyncLookup {
  /** The ticket's contact; null when the company has no such ticket. */
  ticketContactId(companyId: number, ticketId: number): Promise<number | null>;
  contactExists(companyId: number, contactId: number): Promise<boolean>;
  /** Which of these ids are tags of the company. */
  existingTagIds(companyId: number, tagIds: number[]): Promise<number[]>;
}

export async function createTag(ctx: TagUseCaseContext, input: { companyId: number; actor: Actor; userId: number; details: TagDetails }): Promise<number> {
  const tagId = await ctx.ids.next('tag');
  await onTag(ctx, input, tagId, { type: 'CreateTag', tagId, details: { ...input.details, userId: input.userId } });
  return tagId;
}

export async function changeTag(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number; changes: TagChanges }): Promise<void> {
  await onTag(ctx, input, input.id, { type: 'ChangeTag', changes: input.changes });
}

/** Deletes a tag; answers the confirmation the client shows. */
export async function deleteTag(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number }): Promise<{ message: string }> {
  await onTag(ctx, input, input.id, { type: 'DeleteTag' });
  return { message: 'Tag deleted' };
}

/**
 * Sets a contact's tags, the contact named directly or as the ticket's contact (a ticket's tags are
 * its contact's); every tag must be the company's. Answers the contact whose tags were set.
 */
export async function syncContactTags(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; contactId?: number | null; ticketId?: number | null; tagIds: number[]; lookup: TagSyncLookup },
): Promise<number> {
  const { companyId, lookup } = input;
  let contactId = input.contactId ?? undefined;
  if (input.ticketId != null) {
    const ticketContactId = await lookup.ticketContactId(companyId, input.ticketId);
    if (ticketContactId === null) throw new DomainError('ERR_NO_TICKET_FOUND');
    if (contactId !== undefined && contactId !== ticketContactId) throw new DomainError('ERR_VALIDATION', 'contactId: não é o contato deste ticket');
    contactId = ticketContactId;
  }
  if (contactId === undefined || !(await lookup.contactExists(companyId, contactId))) throw new DomainError('ERR_NO_CONTACT_FOUND');
  const wanted = [...new Set(input.tagIds)];
  const existing = new Set(await lookup.existingTagIds(companyId, wanted));
  const missing = wanted.filter((id) => !existing.has(id));
  if (missing.length > 0) throw new DomainError('ERR_NO_TAG_FOUND', undefined, { tagIds: missing });
  await setContactTags(ctx, { companyId, actor: input.actor, contactId, tagIds: wanted });
  return contactId;
}

async function setContactTags(ctx: UseCaseContext, input: { companyId: number; actor: Actor; contactId: number; tagIds: number[] }): Promise<void> {
  await onContact(ctx, input, input.contactId, { type: 'SetContactTags', tagIds: input.tagIds });
}

/** A kanban card: the ticket's contact and the tags it carries (a ticket's tags are its contact's). */
export interface KanbanCard {
  contactId: number;
  tagIds: number[];
}

/** A card enters a tag's lane; entering a kanban lane leaves the others, since a card stands in one lane. */
export async function moveCardToLane(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; card: KanbanCard; tag: { id: number; kanban: number }; laneIds: number[] },
): Promise<void> {
  const { card, tag: entered } = input;
  const lanes = new Set(input.laneIds);
  const kept = card.tagIds.filter((id) => id !== entered.id && !(entered.kanban === 1 && lanes.has(id)));
  await setContactTags(ctx, { companyId: input.companyId, actor: input.actor, contactId: card.contactId, tagIds: [...kept, entered.id] });
}

/** A card leaves its lane: the contact's kanban tags go, its plain labels stay (nothing is written when it stood in none). */
export async function takeCardOutOfLanes(ctx: UseCaseContext, input: { companyId: number; actor: Actor; card: KanbanCard; laneIds: number[] }): Promise<void> {
  const { card } = input;
  const lanes = new Set(input.laneIds);
  const kept = card.tagIds.filter((id) => !lanes.has(id));
  if (kept.length !== card.tagIds.length)
    await setContactTags(ctx, { companyId: input.companyId, actor: input.actor, contactId: card.contactId, tagIds: kept });
}
