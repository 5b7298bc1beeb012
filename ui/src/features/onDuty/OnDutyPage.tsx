import { Stack, Text } from '@chakra-ui/react';
import type { OnDutyFrame, OnDutyView } from '@conversa/contracts';
import { useState } from 'react';
import { useAppDispatch } from '../../app/store';
import { useT } from '../../i18n';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { onDutyApi, useDeleteOnDutyMutation, useOnDutyListQuery } from './api';
import { scheduleLines } from './onDutyForm';
import { applyOnDutyFrame, useOnDutyFrames } from './socket';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const OnDutyDialog = lazyOnDemand(() => import('./OnDutyDialog'));

const feedbackTexts = { success: 'onDuty.deleted', saveFailed: 'onDuty.saveFailed', deleteFailed: 'onDuty.deleteFailed' } as const;

const columns: Column<OnDutyView>[] = [
  { key: 'id', header: 'onDuty.column.id', render: (entry) => <Text>{entry.id}</Text> },
  { key: 'user', header: 'onDuty.column.user', render: (entry) => <Text data-testid={`on-duty-user-${entry.id}`}>{entry.userName}</Text> },
  { key: 'phone', header: 'onDuty.column.phone', render: (entry) => <Text data-testid={`on-duty-phone-${entry.id}`}>{entry.phone}</Text> },
  {
    key: 'schedule',
    header: 'onDuty.column.schedule',
    render: (entry) => (
      <Stack gap="0" data-testid={`on-duty-schedule-${entry.id}`}>
        {scheduleLines(entry).map((line) => (
          <Text key={line} fontSize="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
];

/** The on-duty attendants (/plantao): the list with edit and delete, the add/edit dialog; follows `onDuty` frames. */
export default function OnDutyPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, isFetching, refetch } = useOnDutyListQuery();
  const [editing, setEditing] = useState<{ entry: OnDutyView | null } | null>(null);
  const [deleteOnDuty] = useDeleteOnDutyMutation();
  const feedback = useFeedback(feedbackTexts);
  useOnDutyFrames();

  // What this browser saved shows at once; the frame that follows changes nothing more.
  const applyHere = (frame: OnDutyFrame) => dispatch(onDutyApi.util.updateQueryData('onDutyList', undefined, (draft) => applyOnDutyFrame(draft, frame)));
  const deletion = useConfirmedDelete<OnDutyView>(deleteOnDuty, feedback, {
    failure: 'stay',
    deleted: (entry) => applyHere({ action: 'delete', onDutyId: entry.id }),
  });

  return (
    <ListFrame
      testId="on-duty-page"
      title="onDuty.title"
      maxW="5xl"
      fill
      add={{ label: 'onDuty.add', onClick: () => setEditing({ entry: null }), testId: 'on-duty-add' }}
      query={{ isLoading, isError: isError && !data, refetch }}
      loadFailed="onDuty.loadFailed"
      dialogs={
        <>
          {editing && (
            <OnDutyDialog
              entry={editing.entry}
              onClose={() => setEditing(null)}
              onSaved={(entry) => applyHere({ action: editing.entry ? 'update' : 'create', onDuty: entry })}
            />
          )}
          <DeleteConfirm of={deletion} texts="onDuty" testId="on-duty" size="md" closeButton />
        </>
      }
    >
      <Text color="fg.muted" fontSize="sm" mb="3">
        {t('onDuty.intro')}
      </Text>
      <DataTable
        rows={data ?? []}
        columns={columns}
        testId="on-duty-table"
        rowTestId={(entry) => `on-duty-row-${entry.id}`}
        empty={{ text: 'onDuty.empty', testId: 'on-duty-empty' }}
        loading={isFetching}
        actionsHeader="onDuty.column.actions"
        actions={editAndDelete({ texts: 'onDuty', testId: 'on-duty', edit: (entry) => setEditing({ entry }), delete: deletion.ask })}
      />
    </ListFrame>
  );
}
