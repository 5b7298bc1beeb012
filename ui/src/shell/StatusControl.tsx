import { Box, HStack, NativeSelect } from '@chakra-ui/react';
import type { UserStatus } from '@conversa/contracts';
import { useErrorToast } from '../app/notify';
import { useMyStatusQuery, useSetMyStatusMutation } from '../features/users/statusApi';
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
  const [setStatus, saving] = useSetMyStatusMutation();
  const current = STATUSES.find((status) => status.value === (data?.status ?? 'offline'))!;
  return (
    <HStack gap="1.5" me="1" title={t('shell.status.title')}>
      <Box w="2.5" h="2.5" borderRadius="full" bg={current.color} flexShrink={0} data-testid="status-dot" data-status={current.value} />
      <NativeSelect.Root size="xs" width="auto" disabled={!data || saving.isLoading}>
        <NativeSelect.Field
          aria-label={t('shell.status.title')}
          value={current.value}
          data-testid="status-select"
          onChange={(event) => setStatus({ status: event.target.value as UserStatus }).unwrap().catch(showError)}
        >
          {STATUSES.map((status) => (
            <option key={status.value} value={status.value}>
              {t(status.label)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
