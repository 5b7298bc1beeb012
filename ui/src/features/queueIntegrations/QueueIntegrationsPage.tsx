import { Icon, Text } from '@chakra-ui/react';
import type { QueueIntegrationType, QueueIntegrationView } from '@conversa/contracts';
import { useState } from 'react';
import type { IconType } from 'react-icons';
import { LuBot, LuBrainCircuit, LuWebhook, LuWorkflow } from 'react-icons/lu';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useDeleteQueueIntegrationMutation, useQueueIntegrationPageQuery } from './api';
import { useQueueIntegrationFrames } from './socket';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const IntegrationDialog = lazyOnDemand(() => import('./IntegrationDialog'));

/** The icon of each type (the list shows it first). */
export const INTEGRATION_ICONS: Record<QueueIntegrationType, IconType> = { typebot: LuBot, n8n: LuWorkflow, webhook: LuWebhook, dialogflow: LuBrainCircuit };

const feedbackTexts = { success: 'integrations.deleted', saveFailed: 'integrations.saveFailed', deleteFailed: 'integrations.deleteFailed' } as const;

const columns: Column<QueueIntegrationView>[] = [
  {
    key: 'type',
    header: 'integrations.column.type',
    render: (row) => (
      <Icon size="md" aria-label={row.type} data-testid={`integration-icon-${row.id}`} data-type={row.type}>
        {(() => {
          const TypeIcon = INTEGRATION_ICONS[row.type];
          return <TypeIcon />;
        })()}
      </Icon>
    ),
  },
  { key: 'id', header: 'integrations.column.id', render: (row) => <Text>{row.id}</Text> },
  { key: 'name', header: 'integrations.column.name', render: (row) => <Text data-testid={`integration-name-${row.id}`}>{row.name}</Text> },
];

/** /queue-integration (spec 2 §2): icon by type, id, name, edit and delete; add and edit in a dialog with a session test. */
export default function QueueIntegrationsPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useQueueIntegrationPageQuery({ pageNumber });
  const [editing, setEditing] = useState<{ integration: QueueIntegrationView | null } | null>(null);
  const [remove] = useDeleteQueueIntegrationMutation();
  const feedback = useFeedback(feedbackTexts);
  useQueueIntegrationFrames();
  const rows = data?.queueIntegrations ?? [];
  const deletion = useConfirmedDelete<QueueIntegrationView>(remove, feedback, { failure: 'stay' });

  return (
    <ListFrame
      testId="integrations-page"
      title="integrations.title"
      maxW="5xl"
      fill
      add={{ label: 'integrations.add', onClick: () => setEditing({ integration: null }), testId: 'integration-add' }}
      query={{ isLoading, isError: isError && rows.length === 0, refetch }}
      loadFailed="integrations.loadFailed"
      dialogs={
        <>
          {editing && <IntegrationDialog integration={editing.integration} onClose={() => setEditing(null)} />}
          <DeleteConfirm of={deletion} texts="integrations" testId="integration" named="name" size="md" />
        </>
      }
    >
      <DataTable
        rows={rows}
        columns={columns}
        testId="integrations-table"
        rowTestId={(row) => `integration-row-${row.id}`}
        empty={{ text: 'integrations.empty', testId: 'integrations-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: () => setPageNumber((page) => page + 1), maxH: 'calc(100vh - 12rem)' }}
        actionsHeader="integrations.column.actions"
        actions={editAndDelete({ texts: 'integrations', testId: 'integration', edit: (row) => setEditing({ integration: row }), delete: deletion.ask })}
      />
    </ListFrame>
  );
}
