import { Badge, Text } from '@chakra-ui/react';
import type { CampaignStatus, CampaignView } from '@conversa/contracts';
import { useState } from 'react';
import { LuChartBar, LuPlay, LuSquare } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { toaster } from '../../app/toaster';
import { formatMoment as formatDateTime } from './campaignForm';
import { useT } from '../../i18n';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { useCampaignPageQuery, useCancelCampaignMutation, useDeleteCampaignMutation, useRestartCampaignMutation } from './api';
import CampaignDialog from './CampaignDialog';
import { useCampaignFrames } from './socket';

const feedbackTexts = { success: 'campaigns.deleted', saveFailed: 'campaigns.saveFailed', deleteFailed: 'campaigns.deleteFailed' } as const;
export const STATUS_COLOR: Record<CampaignStatus, string> = {
  INATIVA: 'gray',
  PROGRAMADA: 'blue',
  EM_ANDAMENTO: 'orange',
  CANCELADA: 'red',
  FINALIZADA: 'green',
};

export function StatusBadge({ campaign }: { campaign: Pick<CampaignView, 'id' | 'status'> }) {
  const t = useT();
  return (
    <Badge colorPalette={STATUS_COLOR[campaign.status]} data-testid={`campaign-status-${campaign.id}`} data-status={campaign.status}>
      {t(`campaigns.status.${campaign.status}`)}
    </Badge>
  );
}

/** /campaigns: the table (name, status, list, connection, schedule, conclusion, confirmation), stop, restart, report, edit, delete; live by `campaign` frames. */
export default function CampaignsPage() {
  const t = useT();
  const navigate = useNavigate();
  const [remove] = useDeleteCampaignMutation();
  const feedback = useFeedback(feedbackTexts);
  const list = useListPage<CampaignView>({ delete: { remove, feedback } });
  const { searchParam, pageNumber, deletion } = list;
  const { data, isLoading, isError, isFetching, refetch } = useCampaignPageQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<{ campaign: CampaignView | null } | null>(null);
  const [cancel] = useCancelCampaignMutation();
  const [restart] = useRestartCampaignMutation();
  useCampaignFrames();
  const campaigns = data?.records ?? [];
  const none = t('campaigns.none');

  // On a cancel or restart failure the error's message is shown (spec 3 §7).
  const act = async (run: () => Promise<unknown>, done: 'campaigns.stopped' | 'campaigns.restarted') => {
    try {
      await run();
      toaster.create({ type: 'success', description: t(done) });
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  const columns: Column<CampaignView>[] = [
    { key: 'name', header: 'campaigns.column.name', render: (c) => <Text data-testid={`campaign-name-${c.id}`}>{c.name}</Text> },
    { key: 'status', header: 'campaigns.column.status', render: (c) => <StatusBadge campaign={c} /> },
    { key: 'list', header: 'campaigns.column.contactList', render: (c) => <Text>{c.contactList?.name ?? none}</Text> },
    { key: 'whatsapp', header: 'campaigns.column.whatsapp', render: (c) => <Text>{c.whatsapps.map((w) => w.name).join(', ') || none}</Text> },
    { key: 'scheduledAt', header: 'campaigns.column.scheduledAt', render: (c) => <Text>{c.scheduledAt ? formatDateTime(c.scheduledAt) : none}</Text> },
    { key: 'completedAt', header: 'campaigns.column.completedAt', render: (c) => <Text>{c.completedAt ? formatDateTime(c.completedAt) : none}</Text> },
    { key: 'confirmation', header: 'campaigns.column.confirmation', render: (c) => <Text>{t(c.confirmation ? 'campaigns.yes' : 'campaigns.no')}</Text> },
  ];

  return (
    <ListFrame
      testId="campaigns-page"
      title="campaigns.title"
      maxW="7xl"
      fill
      search={{ ...list.search, placeholder: 'campaigns.search', testId: 'campaigns-search' }}
      add={{ label: 'campaigns.add', onClick: () => setEditing({ campaign: null }), testId: 'campaign-add' }}
      query={{ isLoading, isError: isError && campaigns.length === 0, refetch }}
      loadFailed="campaigns.loadFailed"
      dialogs={
        <>
          {editing && <CampaignDialog campaign={editing.campaign} onClose={() => setEditing(null)} />}
          <DeleteConfirm of={deletion} texts="campaigns" testId="campaign" named="name" />
        </>
      }
    >
      <DataTable
        rows={campaigns}
        columns={columns}
        testId="campaigns-table"
        interactive
        rowTestId={(c) => `campaign-row-${c.id}`}
        empty={{ text: 'campaigns.empty', testId: 'campaigns-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)' }}
        actionsHeader="campaigns.column.actions"
        actions={[
          {
            key: 'stop',
            label: 'campaigns.stop',
            icon: <LuSquare />,
            onClick: (c) => act(() => cancel(c.id).unwrap(), 'campaigns.stopped'),
            testId: (c) => `campaign-stop-${c.id}`,
            shown: (c) => c.status === 'EM_ANDAMENTO',
          },
          {
            key: 'restart',
            label: 'campaigns.restart',
            icon: <LuPlay />,
            onClick: (c) => act(() => restart(c.id).unwrap(), 'campaigns.restarted'),
            testId: (c) => `campaign-restart-${c.id}`,
            shown: (c) => c.status === 'CANCELADA',
          },
          {
            key: 'report',
            label: 'campaigns.report',
            icon: <LuChartBar />,
            onClick: (c) => navigate(`/campaign/${c.id}/report`),
            testId: (c) => `campaign-report-${c.id}`,
          },
          ...editAndDelete({ texts: 'campaigns', testId: 'campaign', edit: (c) => setEditing({ campaign: c }), delete: deletion.ask }),
        ]}
      />
    </ListFrame>
  );
}
