import type { TagFrame, TagPage, TagView } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { tagsApi, type TagPageArgs } from './api';

/** The server's order: name without case, then id. */
export const byName = (a: Pick<TagView, 'name' | 'id'>, b: Pick<TagView, 'name' | 'id'>) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

const matches = (tag: TagView, filter: Pick<TagPageArgs, 'searchParam' | 'kanban'>) =>
  tag.name.toLowerCase().includes(filter.searchParam.trim().toLowerCase()) && (filter.kanban === undefined || tag.kanban === filter.kanban);

/**
 * The loaded pages after a `tag` frame: a deleted tag, or one that no longer matches the search or the kanban
 * filter, leaves; a created or changed one takes its place in name order, unless it sorts past the loaded pages
 * (it comes with the next page).
 */
export function applyTagFrame(page: TagPage, frame: TagFrame, filter: Pick<TagPageArgs, 'searchParam' | 'kanban'>): TagPage {
  const { action, tag, tagId } = frame;
  const goneId = action === 'delete' ? tagId : tag && !matches(tag, filter) ? tag.id : undefined;
  if (goneId !== undefined) return page.tags.some((row) => row.id === goneId) ? { ...page, tags: page.tags.filter((row) => row.id !== goneId) } : page;
  if (!tag || typeof tag.id !== 'number') return page;
  const others = page.tags.filter((row) => row.id !== tag.id);
  const last = others[others.length - 1];
  if (page.hasMore && last && byName(tag, last) > 0 && others.length === page.tags.length) return page;
  return { ...page, tags: [...others, tag].sort(byName) };
}

/** A whole list (GET /tags/list, the board's lanes) after a `tag` frame. */
export const applyTagFrameToList = (list: readonly TagView[], frame: TagFrame, kanban?: 0 | 1): TagView[] =>
  applyTagFrame({ tags: [...list], hasMore: false }, frame, { searchParam: '', kanban }).tags;

type TagsState = Parameters<typeof tagsApi.util.selectCachedArgsForQuery>[0];

/**
 * Keeps every loaded tag list (the tags screens, the editor's choices, the board's lanes) and every contact's
 * tags current with `tag` and `contact` frames; after a lost connection they are read again.
 */
export function useTagFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('tag', (frame) => {
    const state = store.getState() as unknown as TagsState;
    for (const args of tagsApi.util.selectCachedArgsForQuery(state, 'tagPage')) {
      store.dispatch(tagsApi.util.updateQueryData('tagPage', args, (draft) => applyTagFrame(draft, frame, args)));
    }
    store.dispatch(tagsApi.util.updateQueryData('allTags', undefined, (draft) => applyTagFrameToList(draft, frame)));
    store.dispatch(tagsApi.util.updateQueryData('kanbanLanes', undefined, (draft) => applyTagFrameToList(draft, frame, 1)));
    const { action, tag, tagId } = frame;
    // A renamed, recoloured or deleted tag changes the chips of every contact carrying it.
    for (const contactId of tagsApi.util.selectCachedArgsForQuery(state, 'contactTags')) {
      store.dispatch(
        tagsApi.util.updateQueryData('contactTags', contactId, (chips) =>
          action === 'delete'
            ? chips.filter((chip) => chip.id !== tagId)
            : chips.map((chip) => (tag && chip.id === tag.id ? { id: tag.id, name: tag.name, color: tag.color } : chip)),
        ),
      );
    }
  });
  useSocketEvent('contact', (frame) => {
    const { contact } = frame;
    if (!contact) return;
    store.dispatch(tagsApi.util.updateQueryData('contactTags', contact.id, () => contact.tags));
  });
  useSocketReconnect(() => store.dispatch(tagsApi.util.invalidateTags(['Tags', 'ContactTags'])));
}
