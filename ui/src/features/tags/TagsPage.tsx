import { Badge, Text } from '@chakra-ui/react';
import type { TagFrame, TagView } from '@conversa/contracts';
import { useState } from 'react';
import { useAppDispatch } from '../../app/store';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { tagsApi, useDeleteTagMutation, useTagPageQuery } from './api';
import { applyTagFrame, useTagFrames } from './socket';
import { TagChipBadge } from './TagChip';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const TagDialog = lazyOnDemand(() => import('./TagDialog'));

/** Search debounce (the infinite scroll's 100 px is the shared table's). */
export const TAGS_SEARCH_DEBOUNCE_MS = 500;

const feedbackTexts = { success: 'tags.toasts.deleted', saveFailed: 'tags.saveFailed', deleteFailed: 'tags.deleteFailed' } as const;

const columns: Column<TagView>[] = [
  { key: 'name', header: 'tags.column.name', render: (tag) => <TagChipBadge tag={tag} testId={`tag-name-${tag.id}`} /> },
  { key: 'tickets', header: 'tags.column.tickets', render: (tag) => <Text data-testid={`tag-tickets-${tag.id}`}>{tag.ticketsCount ?? 0}</Text> },
];

/**
 * The tags screens: /tags (every tag) and /TagsKanban (the kanban lanes, titled with how many are loaded).
 * Search (lower-cased, debounced), add, edit, delete with confirmation and infinite scroll; the list follows
 * `tag` frames.
 */
export function TagsScreen({ lanes }: { lanes: boolean }) {
  const dispatch = useAppDispatch();
  const kanban = lanes ? (1 as const) : undefined;
  const [deleteTag] = useDeleteTagMutation();
  const feedback = useFeedback(feedbackTexts);
  const list = useListPage<TagView>({
    debounceMs: TAGS_SEARCH_DEBOUNCE_MS,
    lowerCase: true,
    start: 0,
    delete: { remove: deleteTag, feedback, failure: 'stay', deleted: (tag) => applyHere({ action: 'delete', tagId: tag.id }) },
  });
  const { searchParam, pageNumber: offset, deletion } = list;
  const { data, isLoading, isError, isFetching, refetch } = useTagPageQuery({ searchParam, kanban, offset });
  const [editing, setEditing] = useState<{ tag: TagView | null } | null>(null);
  useTagFrames();

  const tags = data?.tags ?? [];
  const args = { searchParam, kanban, offset };
  // What this browser saved shows at once; the frame that follows changes nothing more.
  const applyHere = (frame: TagFrame) => dispatch(tagsApi.util.updateQueryData('tagPage', args, (draft) => applyTagFrame(draft, frame, args)));

  return (
    <ListFrame
      testId={lanes ? 'tags-kanban-page' : 'tags-page'}
      title={lanes ? 'tags.lanesTitle' : 'tags.title'}
      maxW="5xl"
      fill
      beside={
        lanes && (
          <Badge size="lg" variant="subtle" data-testid="tags-count">
            {tags.length}
          </Badge>
        )
      }
      search={{ ...list.search, placeholder: 'tags.search', testId: 'tags-search' }}
      add={{ label: lanes ? 'tags.addLane' : 'tags.add', onClick: () => setEditing({ tag: null }), testId: 'tag-add' }}
      query={{ isLoading, isError: isError && tags.length === 0, refetch }}
      loadFailed="tags.loadFailed"
      dialogs={
        <>
          {editing && (
            <TagDialog
              tag={editing.tag}
              kanbanMode={lanes}
              onClose={() => setEditing(null)}
              onSaved={(tag) => applyHere({ action: editing.tag ? 'update' : 'create', tag })}
            />
          )}
          <DeleteConfirm of={deletion} texts="tags" testId="tag" named="name" size="md" closeButton />
        </>
      }
    >
      <DataTable
        rows={tags}
        columns={columns}
        testId="tags-table"
        interactive
        rowTestId={(tag) => `tag-row-${tag.id}`}
        empty={{ text: 'tags.empty', testId: 'tags-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: () => list.nextPage(tags.length), maxH: 'calc(100vh - 12rem)', testId: 'tags-scroll' }}
        actionsHeader="tags.column.actions"
        actions={editAndDelete({ texts: 'tags', testId: 'tag', edit: (tag) => setEditing({ tag }), delete: deletion.ask })}
      />
    </ListFrame>
  );
}

export default function TagsPage() {
  return <TagsScreen lanes={false} />;
}
