import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuShieldAlert, LuShieldCheck } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { useTicketHistoryQuery } from './api';
import type { Ticket } from './types';

const historyTypeKeys: Record<string, MessageKey> = {
  TicketCreated: 'tickets.history.TicketCreated',
  TicketAccepted: 'tickets.history.TicketAccepted',
  TicketClosed: 'tickets.history.TicketClosed',
  TicketReopened: 'tickets.history.TicketReopened',
  TicketReturnedToQueue: 'tickets.history.TicketReturnedToQueue',
  TicketTransferred: 'tickets.history.TicketTransferred',
  TicketDeleted: 'tickets.history.TicketDeleted',
  TicketIntegrationToggled: 'tickets.history.TicketIntegrationToggled',
  TicketAccessed: 'tickets.history.TicketAccessed',
  TicketMessagesRead: 'tickets.history.TicketMessagesRead',
};

const pad = (value: number) => String(value).padStart(2, '0');
const dateTime = (iso: string) => {
  const at = new Date(iso);
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};
const changeText = (value: unknown) => (value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * The ticket's history as stored (GET /tickets/{id}/history): every event, who did it, when and what changed,
 * and whether the hash chain over the stream still verifies (docs/ARCHITECTURE.md "The event model").
 */
export function HistoryDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const t = useT();
  const { data, isLoading, isError } = useTicketHistoryQuery(ticket?.id ?? 0, { skip: ticket === null });
  const actorName = (actor: { kind: string; id: string | number; name: string | null }) =>
    actor.name ?? (actor.kind === 'contact' ? (ticket?.contact?.name ?? t('tickets.history.contact')) : t(`tickets.history.actor.${actor.kind === 'user' ? 'user' : actor.kind === 'channel' ? 'channel' : 'system'}`));
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
              {data.verified ? t('tickets.history.verified', { count: data.checked }) : t('tickets.history.broken', { revision: data.break?.revision ?? '?' })}
            </Text>
          </HStack>
          <Stack gap="2" maxH="420px" overflowY="auto">
            {data.events.map((event) => (
              <Box key={event.revision} borderWidth="1px" borderRadius="l2" p="2" data-testid={`history-event-${event.revision}`}>
                <HStack justify="space-between" gap="2">
                  <Text fontWeight="medium">{historyTypeKeys[event.type] ? t(historyTypeKeys[event.type]!) : event.type}</Text>
                  <Text textStyle="xs" color="fg.muted">
                    {dateTime(event.occurredAt)}
                  </Text>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {t('tickets.history.by', { name: actorName(event.actor) })}
                </Text>
                {Object.keys(event.changes).length > 0 && (
                  <Text textStyle="xs" color="fg.subtle" fontFamily="mono" wordBreak="break-all">
                    {Object.entries(event.changes)
                      .map(([key, value]) => `${key}: ${changeText(value)}`)
                      .join(' · ')}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
}
