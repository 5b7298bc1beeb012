import { Button, HStack, Menu, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ConnectionChannel, PlanFlags } from '@conversa/contracts';
import { LuChevronDown, LuExternalLink, LuFlaskConical, LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../i18n';
import type { Connection } from './api';
import { dateTime, importState, NEW_CONNECTION_CHANNELS } from './connectionStatus';

/** The new-connection menu: a channel whose plan flag is off is shown disabled. */
export function NewConnectionMenu({ plan, onPick }: { plan: PlanFlags; onPick(channel: ConnectionChannel): void }) {
  const t = useT();
  return (
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
              <Menu.Item
                key={channel}
                value={channel}
                disabled={flag !== null && !plan[flag]}
                onClick={() => onPick(channel)}
                data-testid={`connection-add-${channel}`}
              >
                {channel === 'sandbox' && <LuFlaskConical />}
                {t(label)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The session column: the status's action, the sandbox phone, and the message import's state. */
export function SessionCell({
  connection,
  now,
  canRunSessions,
  onQr,
  onStart,
  onRenew,
  onDisconnect,
  onCloseImported,
}: {
  connection: Connection;
  now: number;
  canRunSessions: boolean;
  onQr(): void;
  onStart(): void;
  onRenew(): void;
  onDisconnect(): void;
  onCloseImported(): void;
}) {
  const t = useT();
  const imported = importState(connection, now);
  return (
    <Stack gap="1" align="start">
      {canRunSessions && <SessionActions connection={connection} onQr={onQr} onStart={onStart} onRenew={onRenew} onDisconnect={onDisconnect} />}
      {connection.channel === 'sandbox' && connection.status === 'CONNECTED' && (
        <Button asChild size="xs" variant="ghost" colorPalette="purple">
          <RouterLink to={`/sandbox/${connection.id}`} target="_blank" data-testid={`connection-sandbox-phone-${connection.id}`}>
            <LuExternalLink /> {t('connections.sandbox.open')}
          </RouterLink>
        </Button>
      )}
      {imported.kind === 'finished' && canRunSessions && (
        <Button size="xs" colorPalette="orange" onClick={onCloseImported} data-testid={`connection-close-imported-${connection.id}`}>
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
  );
}

/** The action each status offers. */
function SessionActions({
  connection,
  onQr,
  onStart,
  onRenew,
  onDisconnect,
}: {
  connection: Connection;
  onQr(): void;
  onStart(): void;
  onRenew(): void;
  onDisconnect(): void;
}) {
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
