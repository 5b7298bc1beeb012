import { Text } from '@chakra-ui/react';
import { formatDateTime } from '../../app/dates';
import { useT } from '../../i18n';
import { useRetentionQuery } from './api';

/** Under the LGPD settings: when retention (messageRetentionDays) last ran, and what it erased. */
export function RetentionStatus() {
  const t = useT();
  // Runs happen in the background (daily): the screen reads the last one each time it opens.
  const { data } = useRetentionQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data) return null;
  return (
    <Text textStyle="sm" color="fg.muted" mt="3" data-testid="settings-retention-last-run">
      {data.lastRun
        ? t('settings.retention.lastRun', { at: formatDateTime(data.lastRun.at), before: formatDateTime(data.lastRun.before) })
        : t('settings.retention.never')}
    </Text>
  );
}
