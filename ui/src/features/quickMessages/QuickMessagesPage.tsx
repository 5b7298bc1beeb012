import type { QuickMessageFrame } from '@conversa/contracts';
import { Badge, HStack, Icon, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuPaperclip } from 'react-icons/lu';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { useSuccessOrError } from '../../shared/feedback';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { quickMessagesApi, useDeleteQuickMessageMutation, useQuickMessagesQuery, type QuickMessage } from './api';
import { applyQuickMessageFrame, mayChangeQuickMessage, quickMessageLabel } from './quickMessageForm';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const QuickMessageDialog = lazyOnDemand(() => import('./QuickMessageDialog'));

const SEARCH_DEBOUNCE_MS = 500;

/** /quick-messages: the replies the user may see, with add, edit and delete by the role rules; live by `quickmessage` frames. */
export default function QuickMessagesPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.session.user)!;
  const list = useListPage({ debounceMs: SEARCH_DEBOUNCE_MS });
  const { searchParam, pageNumber } = list;
  const { data, isLoading, isError, isFetching, refetch } = useQuickMessagesQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<{ record: QuickMessage | null } | null>(null);
  const [deleteQuickMessage] = useDeleteQuickMessageMutation();
  const deleteFeedback = useSuccessOrError('quickMessages.deleted');

  const applyFrame = (frame: QuickMessageFrame) =>
    dispatch(
      quickMessagesApi.util.updateQueryData('quickMessages', { searchParam, pageNumber: 1 }, (draft) => applyQuickMessageFrame(draft, frame, searchParam)),
    );
  useSocketEvent('quickmessage', applyFrame);
  useSocketReconnect(() => list.restart(refetch));

  const deletion = useConfirmedDelete<QuickMessage>(deleteQuickMessage, deleteFeedback, {
    failure: 'stay',
    deleted: (record) => applyFrame({ action: 'delete', id: record.id }),
  });

  const columns: Column<QuickMessage>[] = [
    {
      key: 'shortcode',
      header: 'quickMessages.column.shortcode',
      render: (row) => (
        <HStack gap="2">
          <Text>{row.shortcode}</Text>
          {row.isCategory && <Badge variant="subtle">{t('quickMessages.category')}</Badge>}
        </HStack>
      ),
      cell: (row) => ({ 'data-testid': `quick-message-shortcode-${row.id}` }),
    },
    {
      key: 'message',
      header: 'quickMessages.column.message',
      render: (row) => (
        <HStack gap="1">
          {row.mediaName && <LuPaperclip />}
          <Text truncate>{quickMessageLabel(row)}</Text>
        </HStack>
      ),
      cell: (row) => ({ maxW: 'md', title: quickMessageLabel(row), 'data-testid': `quick-message-label-${row.id}` }),
    },
    {
      key: 'geral',
      header: 'quickMessages.column.geral',
      render: (row) =>
        row.geral ? (
          <Icon color="green.500" aria-label={t('quickMessages.column.geral')} data-testid={`quick-message-geral-${row.id}`}>
            <LuCheck />
          </Icon>
        ) : null,
    },
  ];

  const records = data?.records ?? [];
  return (
    <ListFrame
      testId="quick-messages-page"
      title="quickMessages.title"
      maxW="6xl"
      fill
      search={{ ...list.search, placeholder: 'quickMessages.search', testId: 'quick-messages-search' }}
      add={{ label: 'quickMessages.add', onClick: () => setEditing({ record: null }), testId: 'quick-message-add' }}
      query={{ isLoading, isError: isError && records.length === 0, refetch }}
      loadFailed="quickMessages.loadFailed"
      dialogs={
        <>
          {editing && (
            <QuickMessageDialog
              record={editing.record}
              onClose={() => setEditing(null)}
              onSaved={(record) => applyFrame({ action: editing.record ? 'update' : 'create', record })}
            />
          )}
          <DeleteConfirm of={deletion} texts="quickMessages" testId="quick-message" named="shortcode" />
        </>
      }
    >
      <DataTable
        rows={records}
        columns={columns}
        testId="quick-messages-table"
        rowTestId={(row) => `quick-message-row-${row.id}`}
        loading={isFetching && pageNumber > 1}
        empty={{ text: 'quickMessages.empty', testId: 'quick-messages-empty' }}
        actionsHeader="quickMessages.column.actions"
        actions={editAndDelete({
          texts: 'quickMessages',
          testId: 'quick-message',
          edit: (row) => setEditing({ record: row }),
          delete: deletion.ask,
          shown: (row) => mayChangeQuickMessage(me, row),
        })}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)', testId: 'quick-messages-scroll' }}
      />
    </ListFrame>
  );
}
