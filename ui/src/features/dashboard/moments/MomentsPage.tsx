import { Badge, Box, Card, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MomentTicket } from '@conversa/contracts';
import { useNavigate } from 'react-router';
import { useT, type MessageKey } from '../../../i18n';
import { useMomentsQuery } from '../api';
import { useMomentsLive } from '../socket';
import { messagePreview } from '../../../shared/whatsappText';

function TicketCard({ ticket }: { ticket: MomentTicket }) {
  const navigate = useNavigate();
  return (
    <Card.Root size="sm" cursor="pointer" onClick={() => void navigate(`/tickets/${ticket.uuid}`)} data-testid={`moment-ticket-${ticket.id}`}>
      <Card.Body gap="1">
        <HStack justify="space-between">
          <Text fontWeight="semibold" truncate>
            {ticket.contact.name}
          </Text>
          {ticket.queueName && (
            <Badge style={{ backgroundColor: ticket.queueColor ?? undefined }} color="white">
              {ticket.queueName}
            </Badge>
          )}
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          {ticket.contact.number}
        </Text>
        <Text textStyle="sm" truncate>
          {messagePreview(ticket.lastMessage)}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Column(props: { title: string; badge?: MessageKey; online?: boolean; tickets: readonly MomentTicket[]; testId: string }) {
  const t = useT();
  return (
    <Stack minW="64" maxW="64" gap="2" bg="bg.muted" p="2" rounded="md" data-testid={props.testId} data-count={props.tickets.length}>
      <HStack justify="space-between">
        <Heading size="sm" truncate>
          {props.title}
        </Heading>
        <HStack>
          {props.online !== undefined && (
            <Badge colorPalette={props.online ? 'green' : 'gray'}>{t(props.online ? 'dashboard.online' : 'dashboard.offline')}</Badge>
          )}
          <Badge>{props.tickets.length}</Badge>
        </HStack>
      </HStack>
      <Stack gap="2" overflowY="auto" maxH="calc(100vh - 220px)">
        {props.tickets.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            {t('moments.empty')}
          </Text>
        ) : (
          props.tickets.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} />)
        )}
      </Stack>
    </Stack>
  );
}

/** The moments board (admin, or allowRealTime): a column per attendant with the tickets they hold, and the waiting tickets; live from ticket frames. */
export default function MomentsPage() {
  const t = useT();
  const { data, isLoading, isError } = useMomentsQuery();
  useMomentsLive();
  return (
    <Stack gap="4" h="full" data-testid="moments-page">
      <Heading size="xl">{t('moments.title')}</Heading>
      {isLoading ? (
        <Spinner />
      ) : isError || !data ? (
        <Text color="fg.error">{t('moments.loadFailed')}</Text>
      ) : (
        <Box overflowX="auto" flex="1">
          <Flex gap="3" align="start">
            <Column title={t('moments.pending')} tickets={data.pending} testId="moments-pending" />
            {data.attendants.map((attendant) => (
              <Column
                key={attendant.id}
                title={attendant.name}
                online={attendant.online}
                tickets={attendant.tickets}
                testId={`moments-attendant-${attendant.id}`}
              />
            ))}
          </Flex>
        </Box>
      )}
    </Stack>
  );
}
