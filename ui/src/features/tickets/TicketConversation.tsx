import { Avatar, Box, Button, Center, Flex, HStack, IconButton, Menu, Portal, Spinner, Text } from '@chakra-ui/react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useState } from 'react';
import {
  LuArrowLeft,
  LuArrowRightLeft,
  LuCalendarClock,
  LuCheck,
  LuChevronDown,
  LuEllipsisVertical,
  LuHistory,
  LuPhone,
  LuRotateCcw,
  LuTrash2,
  LuUndo2,
  LuUserRound,
} from 'react-icons/lu';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../app/notify';
import { useSocketEvent, useSocketJoin } from '../../app/SocketProvider';
import { useAppSelector, type AppStore } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { CONTACT_DRAWER_WIDTH, ContactDrawer } from '../contacts';
import { useElementWidth } from '../../shared/useElementWidth';
import { TagEditor } from '../tags/TagEditor';
import { MessagesPanel } from '../messages';
import { canDeleteTicket } from './access';
import { useTicketActions } from './actions';
import { ticketsApi, useLazyTicketCallQuery, useTicketByUuidQuery } from './api';
import { VOICE_CALL_POPUP, voiceCallUrl } from './extras';
import { TicketRating } from './TicketRating';
import { setTicketInView } from './live';
import { registerTarget } from './shortcuts/registry';
import { shownContactName } from './format';
import type { TicketView as Ticket } from '@conversa/contracts';
import { IntegrationToggle } from '../queueIntegrations/IntegrationToggle';

/**
 * GET /tickets/u/{uuid} goes out 500 ms after a ticket is chosen, so flicking through the list does
 * not record an access and read the messages of every ticket passed on the way. The header shows at once from
 * the list's copy of the ticket.
 */
export const OPEN_TICKET_DELAY_MS = 500;

/**
 * The conversation keeps at least this width beside the contact panel (the composer stays usable);
 * where the panel would leave less, as at 1366 px, it opens over the conversation instead.
 */
export const CONVERSATION_MIN_WIDTH = 560;

function cachedTicket(store: AppStore, uuid: string): Ticket | undefined {
  const state = store.getState() as unknown as Parameters<typeof ticketsApi.util.selectCachedArgsForQuery>[0];
  for (const args of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketList')) {
    for (const page of ticketsApi.endpoints.ticketList.select(args)(state).data?.pages ?? []) {
      const found = page.tickets.find((ticket) => ticket.uuid === uuid);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Click-to-call: the external call page in a popup, with the connection's call token and the contact's number.
 * The token is asked for at the click (views only say one is set); the popup opens first, within the click, so
 * popup blockers let it through.
 */
async function placeCall(ticket: Ticket, unavailable: string, callToken: (ticketId: number) => Promise<{ token: string }>) {
  const name = ticket.contact?.name ?? '';
  if (!ticket.whatsapp?.wavoip || !voiceCallUrl('token', ticket.contact?.number, name)) {
    toaster.create({ type: 'error', description: unavailable });
    return;
  }
  const popup = window.open('about:blank', 'wavoip', VOICE_CALL_POPUP);
  const url = await callToken(ticket.id).then(
    ({ token }) => voiceCallUrl(token, ticket.contact?.number, name),
    () => null,
  );
  if (url && popup) {
    popup.location.href = url;
    return;
  }
  popup?.close();
  toaster.create({ type: 'error', description: unavailable });
}

function TicketHeader({ ticket, onBack, onContact }: { ticket: Ticket; onBack: () => void; onContact: () => void }) {
  const t = useT();
  const user = useAppSelector((state) => state.session.user)!;
  const actions = useTicketActions();
  const [callToken] = useLazyTicketCallQuery();
  const working = actions.busy.has(ticket.id);
  const contactName = shownContactName(ticket, (id) => t('tickets.contactRemoved', { id }));
  const picture = ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined;
  const active = ticket.status === 'open' || ticket.status === 'group';
  // The resolve shortcut opens this menu: its two choices stay the user's.
  const [resolveOpen, setResolveOpen] = useState(false);
  useEffect(() => registerTarget('resolveMenu', () => setResolveOpen(true)), []);
  return (
    <Flex
      align="center"
      wrap="wrap"
      columnGap="2"
      rowGap="1"
      px="3"
      py="2"
      borderBottomWidth="1px"
      bg="bg.panel"
      flexShrink="0"
      minH="16"
      data-testid="ticket-header"
      data-status={ticket.status}
    >
      <IconButton size="sm" variant="ghost" aria-label={t('tickets.header.back')} title={t('tickets.header.back')} onClick={onBack} data-testid="ticket-back">
        <LuArrowLeft />
      </IconButton>
      {/* On a narrow screen the actions move below the name rather than squeezing it. */}
      <HStack
        as="button"
        gap="2"
        minW="0"
        flex="1 1 180px"
        textAlign="start"
        onClick={onContact}
        title={t('tickets.header.contact')}
        data-testid="ticket-header-contact"
      >
        <Avatar.Root size="sm" flexShrink="0">
          <Avatar.Fallback name={contactName} />
          {picture ? <Avatar.Image src={picture} alt="" /> : null}
        </Avatar.Root>
        <Box minW="0">
          <Text fontWeight="semibold" truncate data-testid="ticket-header-name">
            {contactName}{' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              #{ticket.id}
            </Text>{' '}
            <TicketRating ticket={ticket} testId="ticket-header-rating" />
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate data-testid="ticket-header-user">
            {ticket.user ? t('tickets.header.assigned', { name: ticket.user.name }) : t('tickets.header.unassigned')}
            {ticket.queue ? ` · ${ticket.queue.name}` : ''}
          </Text>
        </Box>
      </HStack>
      <TagEditor contactId={ticket.contactId} ticketId={ticket.id} testId="ticket-tags" />
      <HStack gap="1" flexShrink="0" ms="auto">
        <IntegrationToggle ticket={ticket} />
        {ticket.status === 'pending' && (
          <Button size="sm" colorPalette="green" loading={working} onClick={() => actions.accept(ticket)} data-testid="header-accept">
            <LuCheck />
            {t('tickets.action.accept')}
          </Button>
        )}
        {ticket.status === 'closed' && (
          <Button size="sm" variant="outline" loading={working} onClick={() => actions.reopen(ticket)} data-testid="header-reopen">
            <LuRotateCcw />
            {t('tickets.action.reopen')}
          </Button>
        )}
        {ticket.status === 'open' && (
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('tickets.action.return')}
            title={t('tickets.action.return')}
            disabled={working}
            onClick={() => actions.returnToQueue(ticket)}
            data-testid="header-return"
          >
            <LuUndo2 />
          </IconButton>
        )}
        {active && (
          <Menu.Root positioning={{ placement: 'bottom-end' }} open={resolveOpen} onOpenChange={(details) => setResolveOpen(details.open)}>
            <Menu.Trigger asChild>
              <Button size="sm" colorPalette="green" loading={working} data-testid="header-resolve">
                {t('tickets.action.resolve')}
                <LuChevronDown />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.Item value="farewell" onClick={() => actions.resolve(ticket, true)} data-testid="header-resolve-farewell">
                    {t('tickets.header.resolveWithFarewell')}
                  </Menu.Item>
                  <Menu.Item value="silent" onClick={() => actions.resolve(ticket, false)} data-testid="header-resolve-silent">
                    {t('tickets.header.resolveWithoutFarewell')}
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        )}
        {ticket.status !== 'closed' && (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={t('tickets.action.transfer')}
            title={t('tickets.action.transfer')}
            disabled={working}
            onClick={() => actions.transfer(ticket)}
            data-testid="header-transfer"
          >
            <LuArrowRightLeft />
          </IconButton>
        )}
        {!ticket.isGroup && (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={t('tickets.header.call')}
            title={t('tickets.header.call')}
            onClick={() => void placeCall(ticket, t('tickets.header.callUnavailable'), (id) => callToken(id).unwrap())}
            data-testid="header-call"
          >
            <LuPhone />
          </IconButton>
        )}
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t('tickets.header.contact')}
          title={t('tickets.header.contact')}
          onClick={onContact}
          data-testid="header-contact"
        >
          <LuUserRound />
        </IconButton>
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <IconButton size="sm" variant="ghost" aria-label={t('tickets.row.more')} title={t('tickets.row.more')} data-testid="header-more">
              <LuEllipsisVertical />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {user.company.plan.useSchedules && (
                  <Menu.Item value="schedule" onClick={() => actions.schedule(ticket)} data-testid="header-schedule">
                    <LuCalendarClock />
                    {t('tickets.header.schedule')}
                  </Menu.Item>
                )}
                <Menu.Item value="history" onClick={() => actions.showHistory(ticket)} data-testid="header-history">
                  <LuHistory />
                  {t('tickets.header.history')}
                </Menu.Item>
                {canDeleteTicket(user) && (
                  <Menu.Item value="delete" color="fg.error" onClick={() => actions.remove(ticket)} data-testid="header-delete">
                    <LuTrash2 />
                    {t('tickets.action.delete')}
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}

/**
 * The right half of the ticket screen: header with the ticket's actions, the conversation
 * and the contact drawer. It follows the ticket live; a deleted ticket says so and goes back to /tickets.
 */
export function TicketConversation({ uuid, onBack }: { uuid: string; onBack: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const store = useStore() as AppStore;
  const showError = useErrorToast();
  const [requested, setRequested] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const bodyWidth = useElementWidth(body);
  const drawerOverlays = bodyWidth === null ? undefined : bodyWidth - CONTACT_DRAWER_WIDTH < CONVERSATION_MIN_WIDTH;
  const actions = useTicketActions();

  useEffect(() => {
    const timer = setTimeout(() => setRequested(uuid), OPEN_TICKET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [uuid]);

  const fromList = useMemo(() => cachedTicket(store, uuid), [store, uuid]);
  const { data: fetched, error } = useTicketByUuidQuery(requested === uuid ? uuid : skipToken, { refetchOnMountOrArgChange: true });
  const ticket = fetched?.uuid === uuid ? fetched : fromList;

  useEffect(() => {
    if (!error) return;
    showError(error);
    void navigate('/tickets');
  }, [error]);

  useEffect(() => {
    setTicketInView(ticket?.id ?? null);
    return () => setTicketInView(null);
  }, [ticket?.id]);
  // The keyboard's accept, resolve and transfer act on this ticket.
  useEffect(() => registerTarget('ticket', ticket ?? null), [ticket]);

  useSocketJoin(ticket ? { event: 'joinChatBox', data: String(ticket.id) } : null);
  useSocketEvent('ticket', (frame) => {
    if (!ticket || frame.action !== 'delete' || frame.ticketId !== ticket.id) return;
    // Someone else deleted it: say so. A delete made here has said so already.
    if (!actions.removedHere(ticket.id)) toaster.create({ type: 'info', description: t('tickets.deletedWhileOpen') });
    void navigate('/tickets');
  });

  if (!ticket) {
    return (
      <Center h="full" data-testid="ticket-loading">
        <Spinner />
      </Center>
    );
  }

  return (
    <Flex direction="column" h="full" minH="0" data-testid="ticket-conversation" data-ticket-id={ticket.id}>
      <TicketHeader ticket={ticket} onBack={onBack} onContact={() => setDrawerOpen((open) => !open)} />
      <Flex flex="1" minH="0" ref={setBody} data-testid="ticket-body">
        <Flex direction="column" flex="1" minW="0" minH="0">
          <MessagesPanel key={ticket.id} ticket={ticket} />
        </Flex>
        <ContactDrawer ticket={ticket} open={drawerOpen} onClose={() => setDrawerOpen(false)} overlay={drawerOverlays} />
      </Flex>
    </Flex>
  );
}
