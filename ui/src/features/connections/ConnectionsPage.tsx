import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ConnectionChannel } from '@conversa/contracts';
import { useEffect, useState } from 'react';
import { LuFlaskConical, LuRefreshCw, LuStar } from 'react-icons/lu';
import { mayWrite } from '@conversa/contracts/session/roles';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { ConfirmDialog, useConfirmation } from '../../shared/ConfirmDialog';
import { editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { ListFrame } from '../../shared/ListFrame';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';
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
import { NewConnectionMenu, SessionCell } from './ConnectionActions';
import { ATTENTION_WARNING_DELAY_MS, dateTime, importState, needsAttention, statusPalette } from './connectionStatus';
import { useConnectionFrames } from './socket';

const ConnectionDialog = lazyOnDemand(() => import('./ConnectionDialog'));
const QrCodeModal = lazyOnDemand(() => import('./QrCodeModal'));
const FacebookConnectDialog = lazyOnDemand(() => import('../meta/FacebookConnectDialog'));

type Confirmation = { kind: 'delete' | 'disconnect' | 'closeImported'; connection: Connection };

/** /connections: the company's connections with their live status and the actions each status offers. */
export default function ConnectionsPage() {
  const t = useT();
  const showError = useErrorToast();
  const user = useAppSelector((state) => state.session.user)!;
  const admin = mayWrite(user, 'connections');
  const canRunSessions = mayWrite(user, 'connectionSessions');
  const query = useConnectionsQuery();
  const connections = query.data ?? [];
  const [editing, setEditing] = useState<{ id: number | null; channel: ConnectionChannel } | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  // Facebook and Instagram are linked through the Facebook login, not typed in.
  const [linking, setLinking] = useState<'facebook' | 'instagram' | null>(null);
  const [warningShown, setWarningShown] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [startSession] = useStartSessionMutation();
  const [renewSession] = useRenewSessionMutation();
  const [restartSessions, restarting] = useRestartSessionsMutation();
  const [deleteConnection, deleting] = useDeleteConnectionMutation();
  const [stopSession, stopping] = useStopSessionMutation();
  const [closeImported, closing] = useCloseImportedMutation();
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
  // A refused action keeps the question open for another try.
  const confirmation = useConfirmation<Confirmation>(async ({ kind, connection }) => {
    try {
      if (kind === 'delete') await deleteConnection(connection.id).unwrap();
      else if (kind === 'disconnect') await stopSession(connection.id).unwrap();
      else await closeImported(connection.id).unwrap();
      toaster.create({ type: 'success', description: t('connections.done') });
      return 'close';
    } catch (error) {
      showError(error);
      return 'stay';
    }
  });
  const kind = confirmation.subject?.kind ?? 'delete';
  const attention = connections.filter(needsAttention);

  const columns: Column<Connection>[] = [
    {
      key: 'name',
      header: 'connections.column.name',
      render: (connection) => (
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
      ),
    },
    {
      key: 'channel',
      header: 'connections.column.channel',
      render: (connection) => (
        <HStack gap="1">
          <Badge variant="outline">{t(`connections.channel.${connection.channel}`)}</Badge>
          {connection.channel === 'sandbox' && (
            <Badge colorPalette="purple" data-testid={`connection-test-badge-${connection.id}`}>
              <LuFlaskConical /> {t('connections.testChannel')}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      key: 'status',
      header: 'connections.column.status',
      render: (connection) => (
        <>
          <Badge colorPalette={statusPalette[connection.status]} data-testid={`connection-status-${connection.id}`}>
            {t(`connections.status.${connection.status}`)}
          </Badge>
          {connection.retries > 0 && connection.status !== 'CONNECTED' && (
            <Text fontSize="xs" color="fg.muted" data-testid={`connection-retries-${connection.id}`}>
              {t('connections.retries', { count: connection.retries })}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'session',
      header: 'connections.column.session',
      render: (connection) => (
        <SessionCell
          connection={connection}
          now={now}
          canRunSessions={canRunSessions}
          onQr={() => setQrFor(connection.id)}
          onStart={() => run(() => startSession(connection.id).unwrap())}
          onRenew={() => run(() => renewSession(connection.id).unwrap())}
          onDisconnect={() => confirmation.ask({ kind: 'disconnect', connection })}
          onCloseImported={() => confirmation.ask({ kind: 'closeImported', connection })}
        />
      ),
    },
    { key: 'updatedAt', header: 'connections.column.updatedAt', render: (connection) => dateTime(connection.updatedAt) },
    {
      key: 'default',
      header: 'connections.column.default',
      render: (connection) =>
        connection.isDefault && <LuStar aria-label={t('connections.column.default')} data-testid={`connection-default-${connection.id}`} />,
    },
  ];

  return (
    <ListFrame
      testId="connections-page"
      title="connections.title"
      maxW="7xl"
      actions={
        <>
          {canRunSessions && (
            <Button
              variant="outline"
              loading={restarting.isLoading}
              onClick={() =>
                run(async () => {
                  const { restarted } = await restartSessions().unwrap();
                  toaster.create({ type: 'success', description: t('connections.restarted', { count: restarted }) });
                })
              }
              data-testid="connections-restart"
            >
              <LuRefreshCw /> {t('connections.restart')}
            </Button>
          )}
          {admin && (
            <NewConnectionMenu
              plan={user.company.plan}
              onPick={(channel) => (channel === 'facebook' || channel === 'instagram' ? setLinking(channel) : setEditing({ id: null, channel }))}
            />
          )}
        </>
      }
      notice={
        warningShown &&
        attention.length > 0 && (
          <Alert.Root status="warning" data-testid="connections-warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('connections.warning.title')}</Alert.Title>
              <Alert.Description>
                {t('connections.warning.description', { names: attention.map((connection) => connection.name).join(', ') })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )
      }
      query={query}
      loadFailed="connections.loadFailed"
      dialogs={
        <>
          {editing && <ConnectionDialog open connectionId={editing.id} channel={editing.channel} onClose={() => setEditing(null)} />}
          {linking && <FacebookConnectDialog channel={linking} onClose={() => setLinking(null)} />}
          {qrFor !== null && <QrCodeModal connectionId={qrFor} onClose={() => setQrFor(null)} />}
          <ConfirmDialog
            of={confirmation}
            title={t(`connections.confirm.${kind}.title`, { name: confirmation.subject?.connection.name ?? '' })}
            message={t(`connections.confirm.${kind}.message`)}
            loading={deleting.isLoading || stopping.isLoading || closing.isLoading}
            testId="connection-confirm-dialog"
            confirmTestId="connection-confirm"
            size="md"
            closeButton
          />
        </>
      }
    >
      <DataTable
        rows={connections}
        columns={columns}
        testId="connections-table"
        rowTestId={(connection) => `connection-row-${connection.id}`}
        empty={{ text: 'connections.empty', testId: 'connections-empty' }}
        actionsHeader={admin ? 'connections.column.actions' : undefined}
        actions={editAndDelete<Connection>({
          texts: 'connections',
          testId: 'connection',
          edit: (connection) => setEditing({ id: connection.id, channel: connection.channel }),
          delete: (connection) => confirmation.ask({ kind: 'delete', connection }),
        })}
      />
    </ListFrame>
  );
}
