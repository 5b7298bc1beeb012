import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuShieldAlert, LuShieldCheck } from 'react-icons/lu';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { useTicketHistoryQuery } from './api';
import { historySentence } from './historySentences';
import type { TicketView as Ticket } from '@conversa/contracts';

/**
 * The ticket's history as stored (GET /tickets/{id}/history): every event as a sentence saying who did what and
 * when (historySentences.ts), and whether the hash chain over the stream still verifies (docs/ARCHITECTURE.md
 * "The event model").
 */
export function HistoryDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const t = useT();
  const { data, isLoading, isError } = useTicketHistoryQuery(ticket?.id ?? 0, { skip: ticket === null });
  const now = new Date();
  return (
    <FormDialog
      lazy
      open={ticket !== null}
      onClose={onClose}
      title={t('tickets.history.title', { id: ticket?.id ?? '' })}
      testId="history-dialog"
      size="lg"
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {isLoading && <Spinner />}
      {isError && <Text color="fg.error">{t('tickets.history.error')}</Text>}
      {data && (
        <Stack gap="3">
          <HStack
            gap="2"
            p="2"
            borderRadius="l2"
            bg={data.verified ? 'green.subtle' : 'red.subtle'}
            color={data.verified ? 'green.fg' : 'red.fg'}
            data-testid="history-verification"
            data-verified={data.verified}
          >
            {data.verified ? <LuShieldCheck /> : <LuShieldAlert />}
            <Text textStyle="sm">
              {data.verified
                ? t('tickets.history.verified', { count: data.checked })
                : t('tickets.history.broken', { revision: (data.break && 'revision' in data.break ? data.break.revision : undefined) ?? '?' })}
            </Text>
          </HStack>
          <Stack gap="2" maxH="420px" overflowY="auto">
            {data.events.map((event) => (
              <Box key={event.revision} borderWidth="1px" borderRadius="l2" p="2" data-testid={`history-event-${event.revision}`} data-type={event.type}>
                <Text textStyle="sm">{historySentence(event, data.names, { t, contactName: ticket?.contact?.name ?? null, now })}</Text>
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
}
