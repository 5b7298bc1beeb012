import { Badge } from '@chakra-ui/react';
import type { AnnouncementView } from '@conversa/contracts';
import { Suspense, useState } from 'react';
import { lazy } from '../../i18n/lazy';
import { LuPaperclip, LuPencil, LuTrash2 } from 'react-icons/lu';
import { useT } from '../../i18n';
import { ConfirmDialog, useConfirmedDelete } from '../../shared/ConfirmDialog';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useDebounced } from '../../shared/useDebounced';
import { useAnnouncementPageQuery, useDeleteAnnouncementMutation } from './api';
import { priorityPalette } from './announcementForm';
import { useAnnouncementFrames } from './socket';

const AnnouncementDialog = lazy(() => import('./AnnouncementDialog'));
const feedbackTexts = { success: 'announcements.deleted', saveFailed: 'announcements.saveFailed', deleteFailed: 'announcements.deleteFailed' } as const;
const SEARCH_DEBOUNCE_MS = 500;

/** /announcements (super user only): every announcement with its priority, attachment and status; live. */
export default function AnnouncementsPage() {
  const t = useT();
  const [searchText, setSearchText] = useState('');
  const searchParam = useDebounced(searchText.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ searchParam: '', pageNumber: 1 });
  const pageNumber = page.searchParam === searchParam ? page.pageNumber : 1;
  const { data, isLoading, isError, isFetching, refetch } = useAnnouncementPageQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<{ announcement: AnnouncementView | null } | null>(null);
  const [remove, removing] = useDeleteAnnouncementMutation();
  const feedback = useFeedback(feedbackTexts);
  const deletion = useConfirmedDelete<AnnouncementView>(remove, feedback);
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
      render: (row) => <Badge colorPalette={row.status ? 'green' : 'gray'}>{t(row.status ? 'announcements.status.active' : 'announcements.status.inactive')}</Badge>,
    },
  ];
  return (
    <ListFrame
      testId="announcements-page"
      title="announcements.title"
      maxW="5xl"
      fill
      search={{ value: searchText, onChange: setSearchText, placeholder: 'announcements.search', testId: 'announcements-search' }}
      add={{ label: 'announcements.add', onClick: () => setEditing({ announcement: null }), testId: 'announcement-add' }}
      query={{ isLoading, isError: isError && rows.length === 0, refetch }}
      loadFailed="announcements.loadFailed"
      dialogs={
        <>
          {editing && (
            <Suspense fallback={null}>
              <AnnouncementDialog announcement={editing.announcement} onClose={() => setEditing(null)} />
            </Suspense>
          )}
          <ConfirmDialog
            open={deletion.open}
            title={t('announcements.deleteTitle', { title: deletion.subject?.title ?? '' })}
            message={t('announcements.deleteConfirm')}
            loading={removing.isLoading}
            onConfirm={deletion.confirm}
            onClose={deletion.close}
            testId="announcement-delete-dialog"
          />
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
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: () => setPage({ searchParam, pageNumber: pageNumber + 1 }), maxH: 'calc(100vh - 12rem)' }}
        actionsHeader="announcements.column.actions"
        actions={[
          { key: 'edit', label: 'announcements.edit', icon: <LuPencil />, onClick: (row) => setEditing({ announcement: row }), testId: (row) => `announcement-edit-${row.id}` },
          { key: 'delete', label: 'announcements.delete', icon: <LuTrash2 />, onClick: deletion.ask, testId: (row) => `announcement-delete-${row.id}` },
        ]}
      />
    </ListFrame>
  );
}
