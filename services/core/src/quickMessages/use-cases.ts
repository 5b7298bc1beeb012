import { DomainError, isProductEvent, quickMessageStream, type Actor, type QuickMessageFields, type StoredMedia } from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { CommandContext } from '../commands/run';
import type { IdAllocator } from '../ids';
import { assertCanEditQuickMessage, quickMessage, type QuickMessageEditor } from './quick-message';

const onQuickMessage = streamCommands(quickMessage, quickMessageStream);

/** What the quick-message use cases need of their process: commands awaited into the read models, and ids. */
export interface QuickMessageUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** The categories the caller can see. */
export interface QuickMessageCategoryLookup {
  /** Whether the id is one of the company's category entries that the caller can see. */
  isVisibleCategory(categoryId: number): Promise<boolean>;
}

/**
 * Where quick-message attachments are kept. Removing a file the quick message no longer names
 * happens after its event is recorded, so it must not fail the request: a failure leaves an
 * orphan file (the adapter logs it), never a quick message pointing at nothing.
 */
export interface QuickMessageFiles {
  remove(url: string): Promise<void>;
}

interface Acting {
  companyId: number;
  actor: Actor;
  by: QuickMessageEditor;
}

async function checkCategory(categories: QuickMessageCategoryLookup, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  if (!(await categories.isVisibleCategory(categoryId))) throw new DomainError('ERR_VALIDATION', 'categoryId: categoria não encontrada');
}

export async function createQuickMessage(
  ctx: QuickMessageUseCaseContext,
  input: Acting & { fields: QuickMessageFields; categories: QuickMessageCategoryLookup },
): Promise<number> {
  await checkCategory(input.categories, input.fields.categoryId);
  const quickMessageId = await ctx.ids.next('quick_message');
  await onQuickMessage(ctx, input, quickMessageId, { type: 'CreateQuickMessage', quickMessageId, by: input.by, fields: input.fields });
  return quickMessageId;
}

export async function changeQuickMessage(
  ctx: UseCaseContext,
  input: Acting & { id: number; changes: Partial<QuickMessageFields>; categories: QuickMessageCategoryLookup },
): Promise<void> {
  await checkCategory(input.categories, input.changes.categoryId);
  await onQuickMessage(ctx, input, input.id, { type: 'ChangeQuickMessage', by: input.by, changes: input.changes });
}

/** Deletes a quick message and then its attachment; answers the confirmation the client shows. */
export async function deleteQuickMessage(ctx: UseCaseContext, input: Acting & { id: number; files: QuickMessageFiles }): Promise<{ message: string }> {
  const { state } = await onQuickMessage(ctx, input, input.id, { type: 'DeleteQuickMessage', by: input.by });
  if (state.status !== 'none' && state.media) await input.files.remove(state.media.url);
  return { message: 'Quick message deleted' };
}

async function currentQuickMessage(ctx: CommandContext, id: number) {
  return foldStream(quickMessage, await ctx.store.readStream(quickMessageStream(id)));
}

/** Refuses before any byte is stored: `by` must be allowed to change this quick message. */
export async function assertQuickMessageEditable(ctx: CommandContext, input: { id: number; by: QuickMessageEditor }): Promise<void> {
  assertCanEditQuickMessage(await currentQuickMessage(ctx, input.id), input.by);
}

/** Attaches a stored file (one per quick message); the file it replaces is no longer named by anything and goes. */
export async function attachQuickMessageMedia(
  ctx: UseCaseContext,
  input: Acting & { id: number; media: StoredMedia; files: QuickMessageFiles },
): Promise<void> {
  const { media } = input;
  const before = await currentQuickMessage(ctx, input.id);
  const previous = before.status === 'active' ? before.media : null;
  await onQuickMessage(ctx, input, input.id, { type: 'AttachQuickMessageMedia', by: input.by, media, originalName: media.name });
  if (previous && previous.url !== media.url) await input.files.remove(previous.url);
}

/** Removes the attachment from the quick message, then its file. */
export async function removeQuickMessageMedia(ctx: UseCaseContext, input: Acting & { id: number; files: QuickMessageFiles }): Promise<void> {
  const { events } = await onQuickMessage(ctx, input, input.id, { type: 'RemoveQuickMessageMedia', by: input.by });
  for (const event of events) {
    if (isProductEvent(event, 'QuickMessageMediaRemoved')) await input.files.remove(event.data.media.url);
  }
}
