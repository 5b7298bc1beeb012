import type { AnnouncementFrame, AnnouncementPage, AnnouncementView } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { announcementsApi, type AnnouncementPageArgs } from './api';

/** The popover's order: priority (1 first), then newest. */
export const byPriority = (a: AnnouncementView, b: AnnouncementView) => a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
/** The super user's table: newest first. */
export const byNewest = (a: AnnouncementView, b: AnnouncementView) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * A loaded list after an `announcement` frame. `activeOnly` (everyone but the super user): an inactive one leaves
 * (`hide`). A frame carries no read mark, so a known row keeps its own.
 */
export function applyAnnouncementFrame(
  page: AnnouncementPage,
  frame: AnnouncementFrame,
  options: { searchParam: string; activeOnly: boolean },
): AnnouncementPage {
  if (!('record' in frame))
    return frame.action === 'delete' || options.activeOnly ? { ...page, records: page.records.filter((row) => row.id !== frame.id) } : page;
  const { record } = frame;
  const known = page.records.find((row) => row.id === record.id);
  const others = page.records.filter((row) => row.id !== record.id);
  const matches = record.title.toLowerCase().includes(options.searchParam.trim().toLowerCase()) && (record.status || !options.activeOnly);
  if (!matches) return { ...page, records: others };
  return { ...page, records: [...others, { ...record, read: known?.read ?? false }].sort(options.activeOnly ? byPriority : byNewest) };
}

type State = Parameters<typeof announcementsApi.util.selectCachedArgsForQuery>[0];

/** Keeps every loaded announcement list current with `announcement` frames (every company receives them). */
export function useAnnouncementFrames(activeOnly: boolean): void {
  const store = useStore() as AppStore;
  useSocketEvent('announcement', (frame) => {
    const state = store.getState() as unknown as State;
    for (const args of announcementsApi.util.selectCachedArgsForQuery(state, 'announcementPage') as AnnouncementPageArgs[]) {
      store.dispatch(
        announcementsApi.util.updateQueryData('announcementPage', args, (draft) =>
          applyAnnouncementFrame(draft, frame, { searchParam: args.searchParam, activeOnly }),
        ),
      );
    }
  });
  useSocketReconnect(() => store.dispatch(announcementsApi.util.invalidateTags(['Announcements'])));
}
