import { Badge, Box, Button, CloseButton, Dialog, Flex, Heading, HStack, IconButton, Portal, Spinner, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { isAdmin } from '../../app/access';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { useDeleteQueueMutation, useQueuesQuery, type Queue } from './api';
import { useQueueFrames } from './socket';

const QueueDialog = lazy(() => import('./QueueDialog'));

/** /queues (spec 2 §2): the company's queues with add, edit and delete; the list follows `queue` frames. */
export default function QueuesPage() {
  const t = useT();
  const user = useAppSelector((state) => state.session.user)!;
  const canEdit = isAdmin(user);
  const { data: queues = [], isLoading, isError, refetch } = useQueuesQuery();
  const [editing, setEditing] = useState<{ queueId: number | null } | null>(null);
  const [deleting, setDeleting] = useState<Queue | null>(null);
  useQueueFrames();

  return (
    <Box maxW="6xl" mx="auto" data-testid="queues-page">
      <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading size="xl">{t('queues.title')}</Heading>
        {canEdit && (
          <Button onClick={() => setEditing({ queueId: null })} data-testid="queue-add">
            <LuPlus /> {t('queues.add')}
          </Button>
        )}
      </Flex>

      {isLoading ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : isError ? (
        <HStack>
          <Text color="fg.error">{t('queues.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => refetch()}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : queues.length === 0 ? (
        <Text color="fg.muted" data-testid="queues-empty">
          {t('queues.empty')}
        </Text>
      ) : (
        <Table.Root size="sm" interactive data-testid="queues-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('queues.column.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('queues.column.color')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('queues.column.order')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('queues.column.greeting')}</Table.ColumnHeader>
              {canEdit && <Table.ColumnHeader textAlign="end">{t('queues.column.actions')}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {queues.map((queue) => (
              <Table.Row key={queue.id} data-testid={`queue-row-${queue.id}`}>
                <Table.Cell data-testid={`queue-name-${queue.id}`}>{queue.name}</Table.Cell>
                <Table.Cell>
                  <HStack>
                    <Box w="4" h="4" borderRadius="full" bg={queue.color} />
                    <Badge variant="outline">{queue.color}</Badge>
                  </HStack>
                </Table.Cell>
                <Table.Cell>{queue.orderQueue ?? '—'}</Table.Cell>
                <Table.Cell maxW="md" truncate title={queue.greetingMessage}>
                  {queue.greetingMessage}
                </Table.Cell>
                {canEdit && (
                  <Table.Cell textAlign="end">
                    <IconButton size="sm" variant="ghost" aria-label={t('queues.edit')} title={t('queues.edit')} onClick={() => setEditing({ queueId: queue.id })} data-testid={`queue-edit-${queue.id}`}>
                      <LuPencil />
                    </IconButton>
                    <IconButton size="sm" variant="ghost" aria-label={t('queues.delete')} title={t('queues.delete')} onClick={() => setDeleting(queue)} data-testid={`queue-delete-${queue.id}`}>
                      <LuTrash2 />
                    </IconButton>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}

      {editing && (
        <Suspense fallback={null}>
          <QueueDialog open queueId={editing.queueId} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <DeleteQueueDialog queue={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

function DeleteQueueDialog({ queue, onClose }: { queue: Queue | null; onClose: () => void }) {
  const t = useT();
  const showError = useErrorToast();
  const [deleteQueue, { isLoading }] = useDeleteQueueMutation();
  const confirm = async () => {
    if (!queue) return;
    try {
      await deleteQueue(queue.id).unwrap();
      toaster.create({ type: 'success', description: t('queues.deleted') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog.Root open={queue !== null} onOpenChange={(details) => !details.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="queue-delete-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('queues.deleteTitle', { name: queue?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('queues.deleteConfirm')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.no')}
              </Button>
              <Button colorPalette="red" loading={isLoading} onClick={confirm} data-testid="queue-delete-confirm">
                {t('common.yes')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
