import { Alert, Badge, Box, Button, CloseButton, Dialog, Flex, Heading, HStack, IconButton, Menu, Portal, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { ATTENTION_STATUSES, IMPORT_CLOSE_BUTTON, IMPORT_PREPARING_WINDOW_MS, type ConnectionChannel, type PlanFlags } from '@conversa/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LuChevronDown, LuExternalLink, LuFlaskConical, LuPencil, LuPlus, LuRefreshCw, LuStar, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { isAdmin } from '../../app/access';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import {
  useCloseImportedMutation,
  useConnectionsQuery,
  useDeleteConnectionMutation,
  useRenewSessionMutation,
  useRestartSessionsMutation,
  useStartSessionMutation,
  useStopSessionMutation,
  type Connection,
} from './api';
import { useConnectionFrames } from './socket';

const ConnectionDialog = lazy(() => import('./ConnectionDialog'));
const QrCodeModal = lazy(() => import('./QrCodeModal'));

/** Spec 2 §2 and §9: the warning about connections needing attention shows after 2 s. */
export const ATTENTION_WARNING_DELAY_MS = 2000;

/** The new-connection menu (spec 2 §2): each channel needs its plan flag; the sandbox is on every plan. */
export const NEW_CONNECTION_CHANNELS: ReadonlyArray<{ channel: ConnectionChannel; flag: keyof PlanFlags | null; label: MessageKey }> = [
  { channel: 'whatsapp', flag: 'useWhatsapp', label: 'connections.channel.whatsapp' },
  { channel: 'whatsappapi', flag: 'useWhatsapp', label: 'connections.channel.whatsappapi' },
  { channel: 'facebook', flag: 'useFacebook', label: 'connections.channel.facebook' },
  { channel: 'instagram', flag: 'useInstagram', label: 'connections.channel.instagram' },
  { channel: 'sandbox', flag: null, label: 'connections.channel.sandbox' },
];

const statusPalette: Record<Connection['status'], string> = {
  CONNECTED: 'green',
  qrcode: 'blue',
  OPENING: 'gray',
  PAIRING: 'orange',
  TIMEOUT: 'orange',
  DISCONNECTED: 'red',
};

export const needsAttention = (connection: Pick<Connection, 'status'>) => ATTENTION_STATUSES.includes(connection.status);

/** Spec 2 §4: the import's 'preparing' window, the close button, or live progress. */
export function importState(connection: Pick<Connection, 'statusImportMessages' | 'importProgress'>, now: number) {
  const status = connection.statusImportMessages;
  if (status === IMPORT_CLOSE_BUTTON) return { kind: 'finished' as const };
  if (status && /^\d+$/.test(status)) {
    const progress = connection.importProgress;
    if (progress && progress.all > 0) return { kind: 'progress' as const, ...progress, percent: Math.min(100, Math.floor((progress.this / progress.all) * 100)) };
    if (now - Number(status) < IMPORT_PREPARING_WINDOW_MS || !progress || progress.all === -1) return { kind: 'preparing' as const };
  }
  return { kind: 'none' as const };
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** /connections (spec 2 §2): the company's connections with their live status and the actions each status offers. */
export default function ConnectionsPage() {
  const t = useT();
  const showError = useErrorToast();
  const user = useAppSelector((state) => state.session.user)!;
  const admin = isAdmin(user);
  const canRunSessions = admin || user.allowConnections;
  const { data: connections = [], isLoading, isError, refetch } = useConnectionsQuery();
  const [editing, setEditing] = useState<{ id: number | null; channel: ConnectionChannel } | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'disconnect' | 'closeImported'; connection: Connection } | null>(null);
  const [warningShown, setWarningShown] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [startSession] = useStartSessionMutation();
  const [renewSession] = useRenewSessionMutation();
  const [restartSessions, restarting] = useRestartSessionsMutation();
  useConnectionFrames();

  useEffect(() => {
    const timer = setTimeout(() => setWarningShown(true), ATTENTION_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // The 'preparing' button turns into progress 35 s after the import started, without a frame.
  const preparing = connections.some((connection) => importState(connection, now).kind === 'preparing');
  useEffect(() => {
    if (!preparing) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [preparing]);

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      showError(error);
    }
  };
  const attention = connections.filter(needsAttention);
  const plan = user.company.plan;

  return (
    <Box maxW="7xl" mx="auto" data-testid="connections-page">
      <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading size="xl">{t('connections.title')}</Heading>
        <HStack>
          {canRunSessions && (
            <Button variant="outline" loading={restarting.isLoading} onClick={() => run(async () => {
              const { restarted } = await restartSessions().unwrap();
              toaster.create({ type: 'success', description: t('connections.restarted', { count: restarted }) });
            })} data-testid="connections-restart">
              <LuRefreshCw /> {t('connections.restart')}
            </Button>
          )}
          {admin && (
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <Button data-testid="connection-add">
                  <LuPlus /> {t('connections.add')} <LuChevronDown />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content data-testid="connection-add-menu">
                    {NEW_CONNECTION_CHANNELS.map(({ channel, flag, label }) => (
                      <Menu.Item key={channel} value={channel} disabled={flag !== null && !plan[flag]} onClick={() => setEditing({ id: null, channel })} data-testid={`connection-add-${channel}`}>
                        {channel === 'sandbox' && <LuFlaskConical />}
                        {t(label)}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
        </HStack>
      </Flex>

      {warningShown && attention.length > 0 && (
        <Alert.Root status="warning" mb="4" data-testid="connections-warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('connections.warning.title')}</Alert.Title>
            <Alert.Description>{t('connections.warning.description', { names: attention.map((connection) => connection.name).join(', ') })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {isLoading ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : isError ? (
        <HStack>
          <Text color="fg.error">{t('connections.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => refetch()}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : connections.length === 0 ? (
        <Text color="fg.muted" data-testid="connections-empty">
          {t('connections.empty')}
        </Text>
      ) : (
        <Table.Root size="sm" data-testid="connections-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('connections.column.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('connections.column.channel')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('connections.column.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('connections.column.session')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('connections.column.updatedAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('connections.column.default')}</Table.ColumnHeader>
              {admin && <Table.ColumnHeader textAlign="end">{t('connections.column.actions')}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {connections.map((connection) => {
              const imported = importState(connection, now);
              return (
                <Table.Row key={connection.id} data-testid={`connection-row-${connection.id}`}>
                  <Table.Cell>
                    <Stack gap="0">
                      <Text fontWeight="medium" data-testid={`connection-name-${connection.id}`}>
                        {connection.name}
                      </Text>
                      {connection.number && (
                        <Text fontSize="xs" color="fg.muted">
                          {connection.number}
                        </Text>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Badge variant="outline">{t(`connections.channel.${connection.channel}`)}</Badge>
                      {connection.channel === 'sandbox' && (
                        <Badge colorPalette="purple" data-testid={`connection-test-badge-${connection.id}`}>
                          <LuFlaskConical /> {t('connections.testChannel')}
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={statusPalette[connection.status]} data-testid={`connection-status-${connection.id}`}>
                      {t(`connections.status.${connection.status}`)}
                    </Badge>
                    {connection.retries > 0 && connection.status !== 'CONNECTED' && (
                      <Text fontSize="xs" color="fg.muted" data-testid={`connection-retries-${connection.id}`}>
                        {t('connections.retries', { count: connection.retries })}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="1" align="start">
                      {canRunSessions && (
                        <SessionActions
                          connection={connection}
                          onQr={() => setQrFor(connection.id)}
                          onStart={() => run(() => startSession(connection.id).unwrap())}
                          onRenew={() => run(() => renewSession(connection.id).unwrap())}
                          onDisconnect={() => setConfirm({ kind: 'disconnect', connection })}
                        />
                      )}
                      {connection.channel === 'sandbox' && connection.status === 'CONNECTED' && (
                        <Button asChild size="xs" variant="ghost" colorPalette="purple">
                          <RouterLink to={`/sandbox/${connection.id}`} target="_blank" data-testid={`connection-sandbox-phone-${connection.id}`}>
                            <LuExternalLink /> {t('connections.sandbox.open')}
                          </RouterLink>
                        </Button>
                      )}
                      {imported.kind === 'finished' && canRunSessions && (
                        <Button size="xs" colorPalette="orange" onClick={() => setConfirm({ kind: 'closeImported', connection })} data-testid={`connection-close-imported-${connection.id}`}>
                          {t('connections.import.closeImported')}
                        </Button>
                      )}
                      {imported.kind === 'preparing' && (
                        <Button size="xs" disabled data-testid={`connection-import-preparing-${connection.id}`}>
                          {t('connections.import.preparing')}
                        </Button>
                      )}
                      {imported.kind === 'progress' && (
                        <Text fontSize="xs" data-testid={`connection-import-progress-${connection.id}`}>
                          {t('connections.import.progress', {
                            date: imported.date ? dateTime(imported.date) : '',
                            processed: imported.this,
                            total: imported.all,
                            percent: imported.percent,
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>{dateTime(connection.updatedAt)}</Table.Cell>
                  <Table.Cell>{connection.isDefault && <LuStar aria-label={t('connections.column.default')} data-testid={`connection-default-${connection.id}`} />}</Table.Cell>
                  {admin && (
                    <Table.Cell textAlign="end">
                      <IconButton size="sm" variant="ghost" aria-label={t('connections.edit')} title={t('connections.edit')} onClick={() => setEditing({ id: connection.id, channel: connection.channel })} data-testid={`connection-edit-${connection.id}`}>
                        <LuPencil />
                      </IconButton>
                      <IconButton size="sm" variant="ghost" aria-label={t('connections.delete')} title={t('connections.delete')} onClick={() => setConfirm({ kind: 'delete', connection })} data-testid={`connection-delete-${connection.id}`}>
                        <LuTrash2 />
                      </IconButton>
                    </Table.Cell>
                  )}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}

      {editing && (
        <Suspense fallback={null}>
          <ConnectionDialog open connectionId={editing.id} channel={editing.channel} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {qrFor !== null && (
        <Suspense fallback={null}>
          <QrCodeModal connectionId={qrFor} onClose={() => setQrFor(null)} />
        </Suspense>
      )}
      <ConfirmDialog confirm={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}

/** Spec 2 §4: the action each status offers. */
function SessionActions({ connection, onQr, onStart, onRenew, onDisconnect }: { connection: Connection; onQr(): void; onStart(): void; onRenew(): void; onDisconnect(): void }) {
  const t = useT();
  const id = connection.id;
  switch (connection.status) {
    case 'DISCONNECTED':
      return (
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={onStart} data-testid={`connection-start-${id}`}>
            {t('connections.action.tryAgain')}
          </Button>
          <Button size="xs" variant="outline" onClick={onRenew} data-testid={`connection-newqr-${id}`}>
            {t('connections.action.newQr')}
          </Button>
        </HStack>
      );
    case 'qrcode':
      return (
        <Button size="xs" colorPalette="blue" onClick={onQr} data-testid={`connection-qr-${id}`}>
          {t('connections.action.showQr')}
        </Button>
      );
    case 'OPENING':
      return (
        <Button size="xs" disabled data-testid={`connection-connecting-${id}`}>
          <Spinner size="xs" /> {t('connections.action.connecting')}
        </Button>
      );
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return (
        <Button size="xs" variant="outline" colorPalette="red" onClick={onDisconnect} data-testid={`connection-disconnect-${id}`}>
          {t('connections.action.disconnect')}
        </Button>
      );
  }
}

function ConfirmDialog({ confirm, onClose }: { confirm: { kind: 'delete' | 'disconnect' | 'closeImported'; connection: Connection } | null; onClose(): void }) {
  const t = useT();
  const showError = useErrorToast();
  const [deleteConnection, deleting] = useDeleteConnectionMutation();
  const [stopSession, stopping] = useStopSessionMutation();
  const [closeImported, closing] = useCloseImportedMutation();
  const kind = confirm?.kind ?? 'delete';
  const go = async () => {
    if (!confirm) return;
    try {
      const id = confirm.connection.id;
      if (kind === 'delete') await deleteConnection(id).unwrap();
      else if (kind === 'disconnect') await stopSession(id).unwrap();
      else await closeImported(id).unwrap();
      toaster.create({ type: 'success', description: t('connections.done') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog.Root open={confirm !== null} onOpenChange={(details) => !details.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="connection-confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{t(`connections.confirm.${kind}.title`, { name: confirm?.connection.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t(`connections.confirm.${kind}.message`)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.no')}
              </Button>
              <Button colorPalette="red" loading={deleting.isLoading || stopping.isLoading || closing.isLoading} onClick={go} data-testid="connection-confirm">
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
