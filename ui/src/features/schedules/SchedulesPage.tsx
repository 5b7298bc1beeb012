import type { ScheduleFrame } from '@conversa/contracts';
import { Badge, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { useAppDispatch } from '../../app/store';
import { useT, type MessageKey } from '../../i18n';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { useSuccessOrError } from '../../shared/feedback';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { schedulesApi, useDeleteScheduleMutation, useSchedulesQuery, type Schedule } from './api';
import { applyScheduleFrame, formatSendAt, previewBody, statusKey } from './format';
import { canSaveSchedule } from './rules';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const ScheduleFormDialog = lazyOnDemand(() => import('./ScheduleFormDialog'));

/** Search debounce, as every list's. */
const SEARCH_DEBOUNCE_MS = 500;

const statusPalette = (status: string) => (status === 'ERRO' ? 'red' : status === 'ENVIADA' ? 'green' : 'gray');

/** /schedules: the company's scheduled messages; `?contactId=` opens the add dialog for that contact. Live by `schedule` frames. */
export default function SchedulesPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const list = useListPage({ debounceMs: SEARCH_DEBOUNCE_MS });
  const { searchParam, pageNumber } = list;
  const { data, isLoading, isError, isFetching, refetch } = useSchedulesQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<{ schedule: Schedule | null; contactId?: number } | null>(null);
  const [deleteSchedule] = useDeleteScheduleMutation();
  const deleteFeedback = useSuccessOrError('schedules.deleted');

  // A link from a contact opens the add dialog once; the parameter leaves the address so a reload does not reopen it.
  useEffect(() => {
    const contactId = Number(params.get('contactId'));
    if (!Number.isInteger(contactId) || contactId <= 0) return;
    setEditing({ schedule: null, contactId });
    setParams({}, { replace: true });
  }, [params, setParams]);

  const applyFrame = (frame: ScheduleFrame) =>
    dispatch(schedulesApi.util.updateQueryData('schedules', { searchParam, pageNumber: 1 }, (draft) => applyScheduleFrame(draft, frame, searchParam)));
  useSocketEvent('schedule', applyFrame);
  useSocketReconnect(() => list.restart(refetch));

  const deletion = useConfirmedDelete<Schedule>(deleteSchedule, deleteFeedback, {
    failure: 'stay',
    deleted: (schedule) => applyFrame({ action: 'delete', scheduleId: schedule.id }),
  });

  const columns: Column<Schedule>[] = [
    {
      key: 'contact',
      header: 'schedules.column.contact',
      render: (row) => row.contact?.name ?? '—',
      cell: (row) => ({ 'data-testid': `schedule-contact-${row.id}` }),
    },
    {
      key: 'body',
      header: 'schedules.column.body',
      render: (row) => previewBody(row.body),
      cell: (row) => ({ title: row.body, 'data-testid': `schedule-body-${row.id}` }),
    },
    {
      key: 'sendAt',
      header: 'schedules.column.sendAt',
      render: (row) => formatSendAt(row.sendAt),
      cell: (row) => ({ 'data-testid': `schedule-send-at-${row.id}` }),
    },
    {
      key: 'status',
      header: 'schedules.column.status',
      render: (row) => (
        <Badge
          colorPalette={statusPalette(row.status)}
          title={row.failureReason ?? undefined}
          data-testid={`schedule-status-${row.id}`}
          data-status={row.status}
        >
          {t(statusKey(row.status) as MessageKey)}
        </Badge>
      ),
    },
  ];

  const schedules = data?.schedules ?? [];
  return (
    <ListFrame
      testId="schedules-page"
      title="schedules.title"
      maxW="6xl"
      fill
      search={{ ...list.search, placeholder: 'schedules.search', testId: 'schedules-search' }}
      add={{ label: 'schedules.add', onClick: () => setEditing({ schedule: null }), testId: 'schedule-add' }}
      query={{ isLoading, isError: isError && schedules.length === 0, refetch }}
      loadFailed="schedules.loadFailed"
      dialogs={
        <>
          {editing && (
            <ScheduleFormDialog
              schedule={editing.schedule}
              contactId={editing.contactId}
              onClose={() => setEditing(null)}
              onSaved={(schedule) => applyFrame({ action: editing.schedule ? 'update' : 'create', schedule })}
            />
          )}
          <DeleteConfirm of={deletion} texts="schedules" testId="schedule" />
        </>
      }
    >
      <DataTable
        rows={schedules}
        columns={columns}
        testId="schedules-table"
        rowTestId={(row) => `schedule-row-${row.id}`}
        loading={isFetching && pageNumber > 1}
        empty={{ text: 'schedules.empty', testId: 'schedules-empty' }}
        actionsHeader="schedules.column.actions"
        // A sent schedule is part of the conversation's record: the server keeps it, so neither button is offered.
        actions={editAndDelete<Schedule>({
          texts: 'schedules',
          testId: 'schedule',
          edit: (row) => setEditing({ schedule: row }),
          delete: deletion.ask,
          shown: canSaveSchedule,
        })}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)', testId: 'schedules-scroll' }}
      />
      {isError && schedules.length > 0 && <Text color="fg.error">{t('schedules.loadFailed')}</Text>}
    </ListFrame>
  );
}
