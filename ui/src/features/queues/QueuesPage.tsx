import { Badge, Box, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuGauge } from 'react-icons/lu';
import { mayWrite } from '@conversa/contracts/session/roles';
import { useAppSelector } from '../../app/store';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { useSuccessOrError } from '../../shared/feedback';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { ListFrame } from '../../shared/ListFrame';
import type { QueueView as Queue } from '@conversa/contracts';
import { useDeleteQueueMutation, useQueuesQuery } from './api';
import { useQueueFrames } from './socket';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const QueueDialog = lazyOnDemand(() => import('./QueueDialog'));
const QueueWorkDialog = lazyOnDemand(() => import('./QueueWorkDialog'));

const columns: Column<Queue>[] = [
  { key: 'name', header: 'queues.column.name', render: (queue) => queue.name, cell: (queue) => ({ 'data-testid': `queue-name-${queue.id}` }) },
  {
    key: 'color',
    header: 'queues.column.color',
    render: (queue) => (
      <HStack>
        <Box w="4" h="4" borderRadius="full" bg={queue.color} />
        <Badge variant="outline">{queue.color}</Badge>
      </HStack>
    ),
  },
  { key: 'order', header: 'queues.column.order', render: (queue) => queue.orderQueue ?? '—' },
  {
    key: 'greeting',
    header: 'queues.column.greeting',
    render: (queue) => queue.greetingMessage,
    cell: (queue) => ({ maxW: 'md', truncate: true, title: queue.greetingMessage }),
  },
];

/** /queues: the company's queues with add, edit and delete; the list follows `queue` frames. */
export default function QueuesPage() {
  const user = useAppSelector((state) => state.session.user)!;
  const canEdit = mayWrite(user, 'queues');
  const query = useQueuesQuery();
  const [editing, setEditing] = useState<{ queueId: number | null } | null>(null);
  const [working, setWorking] = useState<Queue | null>(null);
  const [deleteQueue] = useDeleteQueueMutation();
  const deleteFeedback = useSuccessOrError('queues.deleted');
  // A refused delete keeps the question open for another try.
  const deletion = useConfirmedDelete<Queue>(deleteQueue, deleteFeedback, { failure: 'stay' });
  useQueueFrames();

  const [edit, remove] = editAndDelete<Queue>({ texts: 'queues', testId: 'queue', edit: (queue) => setEditing({ queueId: queue.id }), delete: deletion.ask });
  return (
    <ListFrame
      testId="queues-page"
      title="queues.title"
      maxW="6xl"
      add={canEdit ? { label: 'queues.add', onClick: () => setEditing({ queueId: null }), testId: 'queue-add' } : undefined}
      query={query}
      loadFailed="queues.loadFailed"
      dialogs={
        <>
          {editing && <QueueDialog open queueId={editing.queueId} onClose={() => setEditing(null)} />}
          {working && <QueueWorkDialog queue={working} onClose={() => setWorking(null)} />}
          <DeleteConfirm of={deletion} texts="queues" testId="queue" named="name" size="md" closeButton />
        </>
      }
    >
      <DataTable
        rows={query.data ?? []}
        columns={columns}
        testId="queues-table"
        interactive
        rowTestId={(queue) => `queue-row-${queue.id}`}
        empty={{ text: 'queues.empty', testId: 'queues-empty' }}
        actionsHeader={canEdit ? 'queues.column.actions' : undefined}
        actions={[
          edit,
          { key: 'work', label: 'queues.work.action', icon: <LuGauge />, onClick: (queue) => setWorking(queue), testId: (queue) => `queue-work-${queue.id}` },
          remove,
        ]}
      />
    </ListFrame>
  );
}
