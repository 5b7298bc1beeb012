import { announcementReadStream, announcementStream, type Actor, type AnnouncementDetails, type StoredMedia } from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import { announcement, announcementRead, type Announcement } from './announcement';

const onAnnouncement = streamCommands(announcement, announcementStream);
/** A user's read mark: one stream per announcement and user. */
const onAnnouncementRead = streamCommands(announcementRead, ([id, userId]: [number, number]) => announcementReadStream(id, userId));

interface Input {
  companyId: number;
  actor: Actor;
}

export async function loadAnnouncement(ctx: UseCaseContext, id: number): Promise<Announcement> {
  return foldStream(announcement, await ctx.store.readStream(announcementStream(id)));
}

export async function createAnnouncement(ctx: UseCaseContext & { ids: IdAllocator }, input: Input & { details: AnnouncementDetails }): Promise<number> {
  const announcementId = await ctx.ids.next('announcement');
  await onAnnouncement(ctx, input, announcementId, { type: 'CreateAnnouncement', announcementId, details: input.details });
  return announcementId;
}

export async function changeAnnouncement(ctx: UseCaseContext, input: Input & { id: number; changes: Partial<AnnouncementDetails> }): Promise<void> {
  await onAnnouncement(ctx, input, input.id, { type: 'ChangeAnnouncement', changes: input.changes });
}

/** Deletes it; answers the attachment it had, for the caller to remove the file. */
export async function deleteAnnouncement(ctx: UseCaseContext, input: Input & { id: number }): Promise<StoredMedia | null> {
  const result = await onAnnouncement(ctx, input, input.id, { type: 'DeleteAnnouncement' });
  return result.state.status === 'none' ? null : result.state.media;
}

/** Attaches an image; answers the one it replaced, for the caller to remove the file. */
export async function attachAnnouncementMedia(ctx: UseCaseContext, input: Input & { id: number; media: StoredMedia }): Promise<StoredMedia | null> {
  const before = await loadAnnouncement(ctx, input.id);
  await onAnnouncement(ctx, input, input.id, { type: 'AttachAnnouncementMedia', media: input.media });
  return before.status === 'none' ? null : before.media;
}

export async function removeAnnouncementMedia(ctx: UseCaseContext, input: Input & { id: number }): Promise<StoredMedia | null> {
  const before = await loadAnnouncement(ctx, input.id);
  await onAnnouncement(ctx, input, input.id, { type: 'RemoveAnnouncementMedia' });
  return before.status === 'none' ? null : before.media;
}

/** The caller has seen an active announcement (recorded under the caller's company). */
export async function markAnnouncementRead(ctx: UseCaseContext, input: Input & { id: number; userId: number }): Promise<void> {
  const target = await loadAnnouncement(ctx, input.id);
  await onAnnouncementRead(ctx, input, [input.id, input.userId], { type: 'MarkAnnouncementRead', announcement: target, userId: input.userId });
}
