import { Box, chakra, HStack } from '@chakra-ui/react';
import type { UserStatus } from '@conversa/contracts';
import { useErrorToast } from '../app/notify';
import { useSocketEvent, useSocketReconnect } from '../app/SocketProvider';
import { useAppDispatch, useAppSelector } from '../app/store';
import { useMyStatusQuery, useSetMyStatusMutation, userStatusApi } from '../features/users/statusApi';
import { useT, type MessageKey } from '../i18n';

const STATUSES: ReadonlyArray<{ value: UserStatus; label: MessageKey; color: string }> = [
  { value: 'online', label: 'shell.status.online', color: 'green.500' },
  { value: 'away', label: 'shell.status.away', color: 'orange.400' },
  { value: 'offline', label: 'shell.status.offline', color: 'gray.400' },
];

/** The attendant's status for assignment: only an online attendant receives tickets from a queue with assignment on. */
export function StatusControl() {
  const t = useT();
  const showError = useErrorToast();
  const { data } = useMyStatusQuery();
  const dispatch = useAppDispatch();
  const myId = useAppSelector((state) => state.session.user?.id);
  // Live: the status her first socket or her sockets' grace set shows without a reload. A frame that
  // beats the first answer is not lost: reading again (after any read in flight) sees what it announced.
  useSocketEvent('assignmentStatus', (changed) => {
    if (changed.userId !== myId) return;
    if (data) void dispatch(userStatusApi.util.upsertQueryData('myStatus', undefined, changed));
    else dispatch(userStatusApi.util.invalidateTags(['MyStatus']));
  });
  useSocketReconnect(() => dispatch(userStatusApi.util.invalidateTags(['MyStatus'])));
  const [setStatus, saving] = useSetMyStatusMutation();
  const current = STATUSES.find((status) => status.value === (data?.status ?? 'offline'))!;
  return (
    <HStack gap="1.5" me="1" title={t('shell.status.title')}>
      <Box w="2.5" h="2.5" borderRadius="full" bg={current.color} flexShrink={0} data-testid="status-dot" data-status={current.value} />
      {/* A plain select (Chakra's NativeSelect recipe would add its machinery to the first row's bundle). */}
      <chakra.select
        aria-label={t('shell.status.title')}
        value={current.value}
        disabled={!data || saving.isLoading}
        data-testid="status-select"
        onChange={(event) =>
          setStatus({ status: event.target.value as UserStatus })
            .unwrap()
            .catch(showError)
        }
        fontSize="xs"
        h="7"
        ps="2"
        pe="1"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        bg="bg"
        color="fg"
        cursor="pointer"
        _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
      >
        {STATUSES.map((status) => (
          <option key={status.value} value={status.value}>
            {t(status.label)}
          </option>
        ))}
      </chakra.select>
    </HStack>
  );
}
