import { Badge } from '@chakra-ui/react';
import type { AnnouncementView } from '@conversa/contracts';
import { useState } from 'react';
import { LuPaperclip } from 'react-icons/lu';
import { useT } from '../../i18n';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { useAnnouncementPageQuery, useDeleteAnnouncementMutation } from './api';
import { priorityPalette } from './announcementForm';
import { useAnnouncementFrames } from './socket';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const AnnouncementDialog = lazyOnDemand(() => import('./AnnouncementDialog'));
const feedbackTexts = { success: 'announcements.deleted', saveFailed: 'announcements.saveFailed', deleteFailed: 'announcements.deleteFailed' } as const;
const SEARCH_DEBOUNCE_MS = 500;

/** /announcements (super user only): every announcement with its priority, attachment and status; live. */
export default function AnnouncementsPage() {
  const t = useT();
  const [remove] = useDeleteAnnouncementMutation();
  const feedback = useFeedback(feedbackTexts);
  const list = useListPage<AnnouncementView>({ debounceMs: SEARCH_DEBOUNCE_MS, lowerCase: true, delete: { remove, feedback } });
  const { searchParam, pageNumber, deletion } = list;
  const { data, isLoading, isError, isFetching, refetch } = useAnnouncementPageQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<{ announcement: AnnouncementView | null } | null>(null);
  useAnnouncementFrames(false);

  const rows = data?.records ?? [];
  const columns: Column<AnnouncementView>[] = [
    { key: 'title', header: 'announcements.column.title', render: (row) => row.title },
    {
      key: 'priority',
      header: 'announcements.column.priority',
      render: (row) => (
        <Badge colorPalette={priorityPalette(row.priority)} variant="solid" data-testid={`announcement-priority-${row.id}`}>
          {t(`announcements.priority.${row.priority as 1 | 2 | 3}`)}
        </Badge>
      ),
    },
    { key: 'attachment', header: 'announcements.column.attachment', render: (row) => (row.mediaName ? <LuPaperclip title={row.mediaName} /> : '') },
    {
      key: 'status',
      header: 'announcements.column.status',
      render: (row) => (
        <Badge colorPalette={row.status ? 'green' : 'gray'}>{t(row.status ? 'announcements.status.active' : 'announcements.status.inactive')}</Badge>
      ),
    },
  ];
  return (
    <ListFrame
      testId="announcements-page"
      title="announcements.title"
      maxW="5xl"
      fill
      search={{ ...list.search, placeholder: 'announcements.search', testId: 'announcements-search' }}
      add={{ label: 'announcements.add', onClick: () => setEditing({ announcement: null }), testId: 'announcement-add' }}
      query={{ isLoading, isError: isError && rows.length === 0, refetch }}
      loadFailed="announcements.loadFailed"
      dialogs={
        <>
          {editing && <AnnouncementDialog announcement={editing.announcement} onClose={() => setEditing(null)} />}
          <DeleteConfirm of={deletion} texts="announcements" testId="announcement" named="title" confirmTestId="announcement-delete-dialog-confirm" />
        </>
      }
    >
      <DataTable
        rows={rows}
        columns={columns}
        testId="announcements-table"
        rowTestId={(row) => `announcement-row-${row.id}`}
        empty={{ text: 'announcements.empty', testId: 'announcements-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)' }}
        actionsHeader="announcements.column.actions"
        actions={editAndDelete({ texts: 'announcements', testId: 'announcement', edit: (row) => setEditing({ announcement: row }), delete: deletion.ask })}
      />
    </ListFrame>
  );
}
