import { Box, Center, Flex, Spinner, useMediaQuery } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { lazy } from '../../i18n/lazy';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n';
import { PlainTabs } from '../../shared/plainControls';
import { TicketActionsProvider } from './actions';
import { useTicketLive } from './live';
import { NoTicketSelected } from './NoTicketSelected';
import { TicketsManager } from './TicketsManager';

// The conversation (messages, composer, contact drawer) loads when a ticket is opened: the list paints without it.
const TicketConversation = lazy(() => import('./TicketConversation').then((m) => ({ default: m.TicketConversation })));

/** Below this width the list and the conversation do not fit side by side: two tabs instead. */
export const TWO_PANE_MIN = '(min-width: 900px)';
/** The list pane's width beside the conversation. */
const LIST_WIDTH = { base: '360px', xl: '420px' };

type Pane = 'ticket' | 'list';

/** /tickets and /tickets/{uuid}: the conversations screen (title Conversas). */
export default function TicketsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { ticketId: uuid } = useParams();
  const [wide = true] = useMediaQuery([TWO_PANE_MIN], { ssr: false });
  const [pane, setPane] = useState<Pane>(uuid ? 'ticket' : 'list');
  useTicketLive();

  useEffect(() => {
    document.title = `${t('tickets.title')} - ${t('app.name')}`;
  }, [t]);

  // Choosing a ticket on a small screen shows it; leaving it shows the list again.
  useEffect(() => setPane(uuid ? 'ticket' : 'list'), [uuid]);

  const back = () => navigate('/tickets');
  const conversation = uuid ? (
    <Suspense
      fallback={
        <Center h="full">
          <Spinner />
        </Center>
      }
    >
      <TicketConversation key={uuid} uuid={uuid} onBack={back} />
    </Suspense>
  ) : (
    <NoTicketSelected onPick={wide ? undefined : () => setPane('list')} />
  );

  return (
    <TicketActionsProvider>
      <Box
        h="full"
        minH="0"
        borderWidth="1px"
        borderRadius="l3"
        bg="bg.panel"
        overflow="hidden"
        data-testid="tickets-page"
        data-layout={wide ? 'wide' : 'tabs'}
      >
        {wide ? (
          <Flex h="full" minH="0">
            <Box w={LIST_WIDTH} flexShrink="0" borderEndWidth="1px" minH="0">
              <TicketsManager selectedUuid={uuid} />
            </Box>
            <Box flex="1" minW="0" minH="0">
              {conversation}
            </Box>
          </Flex>
        ) : (
          // Both panes stay mounted so the list keeps its place and live state while a ticket is read.
          <PlainTabs
            value={pane}
            onChange={setPane}
            variant="enclosed"
            h="full"
            display="flex"
            flexDirection="column"
            items={[
              { value: 'ticket', label: t('tickets.pane.ticket'), testId: 'tickets-pane-ticket' },
              { value: 'list', label: t('tickets.pane.list'), testId: 'tickets-pane-list' },
            ]}
            panels={{
              ticket: { flex: '1', minH: '0', p: '0', display: 'block', children: conversation },
              list: { flex: '1', minH: '0', p: '0', display: 'block', children: <TicketsManager selectedUuid={uuid} /> },
            }}
          />
        )}
      </Box>
    </TicketActionsProvider>
  );
}
