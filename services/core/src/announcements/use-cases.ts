import { announcementReadStream, announcementStream, type Actor, type AnnouncementDetails, type StoredMedia } from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import { execute, type UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { announcement, announcementRead, type Announcement } from './announcement';

interface Input {
  companyId: number;
  actor: Actor;
}

export async function loadAnnouncement(ctx: UseCaseContext, id: number): Promise<Announcement> {
  return foldStream(announcement, await ctx.store.readStream(announcementStream(id)));
}

export async function createAnnouncement(ctx: UseCaseContext & { ids: IdAllocator }, input: Input & { details: AnnouncementDetails }): Promise<number> {
  const announcementId = await ctx.ids.next('announcement');
  await execute(ctx, {
    decider: announcement,
    streamId: announcementStream(announcementId),
    command: { type: 'CreateAnnouncement', announcementId, details: input.details },
    companyId: input.companyId,
    actor: input.actor,
  });
  return announcementId;
}

export async function changeAnnouncement(ctx: UseCaseContext, input: Input & { id: number; changes: Partial<AnnouncementDetails> }): Promise<void> {
  await execute(ctx, {
    decider: announcement,
    streamId: announcementStream(input.id),
    command: { type: 'ChangeAnnouncement', changes: input.changes },
    companyId: input.companyId,
    actor: input.actor,
  });
}

/** Deletes it; answers the attachment it had, for the caller to remove the file. */
export async function deleteAnnouncement(ctx: UseCaseContext, input: Input & { id: number }): Promise<StoredMedia | null> {
  const result = await execute(ctx, {
    decider: announcement,
    streamId: announcementStream(input.id),
    command: { type: 'DeleteAnnouncement' },
    companyId: input.companyId,
    actor: input.actor,
  });
  return result.state.status === 'none' ? null : result.state.media;
}

/** Attaches an image; answers the one it replaced, for the caller to remove the file. */
export async function attachAnnouncementMedia(ctx: UseCaseContext, input: Input & { id: number; media: StoredMedia }): Promise<StoredMedia | null> {
  const before = await loadAnnouncement(ctx, input.id);
  await execute(ctx, {
    decider: announcement,
    streamId: announcementStream(input.id),
    command: { type: 'AttachAnnouncementMedia', media: input.media },
    companyId: input.companyId,
    actor: input.actor,
  });
  return before.status === 'none' ? null : before.media;
}

export async function removeAnnouncementMedia(ctx: UseCaseContext, input: Input & { id: number }): Promise<StoredMedia | null> {
  const before = await loadAnnouncement(ctx, input.id);
  await execute(ctx, {
    decider: announcement,
    streamId: announcementStream(input.id),
    command: { type: 'RemoveAnnouncementMedia' },
    companyId: input.companyId,
    actor: input.actor,
  });
  return before.status === 'none' ? null : before.media;
}

/** The caller has seen an active announcement (recorded under the caller's company). */
export async function markAnnouncementRead(ctx: UseCaseContext, input: Input & { id: number; userId: number }): Promise<void> {
  const target = await loadAnnouncement(ctx, input.id);
  await execute(ctx, {
    decider: announcementRead,
    streamId: announcementReadStream(input.id, input.userId),
    command: { type: 'MarkAnnouncementRead', announcement: target, userId: input.userId },
    companyId: input.companyId,
    actor: input.actor,
  });
}
