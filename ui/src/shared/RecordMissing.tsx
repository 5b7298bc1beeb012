import { Button, EmptyState, HStack, VStack } from '@chakra-ui/react';
import { LuSearchX, LuWifiOff } from 'react-icons/lu';
import { Link } from 'react-router';
import { errorCodeOf } from '../app/api';
import { isMessageKey, useT, type MessageKey } from '../i18n';

/** Whether a failed read means the record is not there (404, or 400 for an id that cannot be one) rather than a failure to read it. */
export const isMissing = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | undefined)?.status;
  return error === undefined || status === 404 || status === 400;
};

/**
 * What a page that loads one record by the id in its address shows when it cannot: "not found" (deleted, or a wrong
 * address) or "could not load" (with a retry), and always a way back to the list the record lives in.
 */
export function RecordMissing({
  error,
  back,
  onRetry,
  testId = 'record-missing',
}: {
  error?: unknown;
  back: { to: string; label: MessageKey };
  onRetry?: () => void;
  testId?: string;
}) {
  const t = useT();
  const missing = isMissing(error);
  // Another failure says what the server answered (no permission, plan …) when it said it, else that it did not answer.
  const reason = `errors.${errorCodeOf(error)}`;
  const failure = isMessageKey(reason) ? t(reason) : t('recordMissing.failedMessage');
  return (
    <EmptyState.Root size="lg" data-testid={testId} data-reason={missing ? 'missing' : 'failed'}>
      <EmptyState.Content>
        <EmptyState.Indicator>{missing ? <LuSearchX /> : <LuWifiOff />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{t(missing ? 'recordMissing.title' : 'recordMissing.failedTitle')}</EmptyState.Title>
          <EmptyState.Description>{missing ? t('recordMissing.message') : failure}</EmptyState.Description>
        </VStack>
        <HStack>
          {!missing && onRetry && (
            <Button variant="outline" onClick={onRetry} data-testid={`${testId}-retry`}>
              {t('common.retry')}
            </Button>
          )}
          <Button asChild data-testid={`${testId}-back`}>
            <Link to={back.to}>{t(back.label)}</Link>
          </Button>
        </HStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
