import { Text } from '@chakra-ui/react';
import type { FileListView } from '@conversa/contracts';
import { useState } from 'react';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { useDeleteFileListMutation, useFileListPageQuery } from './api';
import FileListDialog from './FileListDialog';
import { useFileListFrames } from './socket';

const feedbackTexts = { success: 'files.deleted', saveFailed: 'files.saveFailed', deleteFailed: 'files.deleteFailed' } as const;
const columns: Column<FileListView>[] = [
  { key: 'name', header: 'files.column.name', render: (list) => <Text data-testid={`file-list-name-${list.id}`}>{list.name}</Text> },
  { key: 'files', header: 'files.column.files', render: (list) => <Text color="fg.muted">{list.options.map((option) => option.name).join(', ')}</Text> },
];

/** /files: the file lists (name, files), add, edit, delete with confirmation; live by `files` frames. */
export default function FilesPage() {
  const [remove] = useDeleteFileListMutation();
  const list = useListPage<FileListView>({ delete: { remove, feedback: useFeedback(feedbackTexts) } });
  const { searchParam, pageNumber, deletion } = list;
  const { data, isLoading, isError, isFetching, refetch } = useFileListPageQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<{ list: FileListView | null } | null>(null);
  useFileListFrames();
  const lists = data?.files ?? [];
  return (
    <ListFrame
      testId="files-page"
      title="files.title"
      maxW="5xl"
      fill
      search={{ ...list.search, placeholder: 'files.search', testId: 'files-search' }}
      add={{ label: 'files.add', onClick: () => setEditing({ list: null }), testId: 'file-list-add' }}
      query={{ isLoading, isError: isError && lists.length === 0, refetch }}
      loadFailed="files.loadFailed"
      dialogs={
        <>
          {editing && <FileListDialog list={editing.list} onClose={() => setEditing(null)} />}
          <DeleteConfirm of={deletion} texts="files" testId="file-list" named="name" />
        </>
      }
    >
      <DataTable
        rows={lists}
        columns={columns}
        testId="files-table"
        interactive
        rowTestId={(list) => `file-list-row-${list.id}`}
        empty={{ text: 'files.empty', testId: 'files-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)' }}
        actionsHeader="files.column.actions"
        actions={editAndDelete({ texts: 'files', testId: 'file-list', edit: (list) => setEditing({ list }), delete: deletion.ask })}
      />
    </ListFrame>
  );
}
