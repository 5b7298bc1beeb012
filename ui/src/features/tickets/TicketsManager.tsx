import { Box, Button, Flex, HStack, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { LuArchive, LuX, LuFilter, LuInbox, LuKeyboard, LuMessageSquarePlus, LuSearch } from 'react-icons/lu';
import { useSocketJoin } from '../../app/SocketProvider';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { useDebounced } from '../../shared/useDebounced';
import { PlainSwitch, PlainTabs } from '../../shared/plainControls';
import { lazyUntilOpen } from '../../shared/lazyUntilOpen';
import { lazy } from '../../i18n/lazy';
import { canShowAll, isTicketAdmin } from './access';
import { useTicketActions } from './actions';
import { useCloseAllTicketsMutation, useConnectionOptionsQuery, useTagOptionsQuery, useUserOptionsQuery } from './api';
import { type TicketListArgs } from './listArgs';
import { TicketList } from './TicketList';
import type { TicketStatus } from './types';
// The module itself, not the barrel: the barrel brings every schema (zod) into the list's path.
import { useShortcutsEnabled } from './shortcuts/setting';
import { useInboxShortcuts } from './shortcuts/useInboxShortcuts';
import { useAfterFirstRow } from '../../app/firstRow';
import { MultiSelect, SpeedDial, TabCount, toIds } from './ListControls';

// Loads when first opened (closing every ticket is rare): the list paints without it.
const ConfirmDialog = lazyUntilOpen(
  () => import('../../shared/ConfirmDialog').then((m) => m.ConfirmDialog),
  (props) => props.open ?? props.of?.open ?? false,
);
// The shortcuts' list loads on `?` or its button: the list paints without it.
// What no first row needs loads once it is on screen (app/firstRow.ts): the push entry.
const PushButton = lazy(() => import('../push/entry').then((m) => ({ default: m.PushButton })), 'core');
const PushPromptSlot = lazy(() => import('../push/entry').then((m) => ({ default: m.PushPromptSlot })), 'core');
const ShortcutsDialog = lazyUntilOpen(
  () => import('./shortcuts/ShortcutsDialog').then((m) => m.ShortcutsDialog),
  (props) => props.open,
);

/** The search and the list's filters settle for 500 ms before the list is asked again. */
export const LIST_DEBOUNCE_MS = 500;

type View = 'open' | 'closed' | 'search';
type Tab = 'open' | 'pending' | 'group';
const tabs: readonly Tab[] = ['open', 'pending', 'group'];
const tabLabels: Record<Tab, MessageKey> = { open: 'tickets.tab.open', pending: 'tickets.tab.pending', group: 'tickets.tab.group' };
const statusOptions: readonly TicketStatus[] = ['open', 'pending', 'closed', 'group'];
const statusLabels: Record<TicketStatus, MessageKey> = {
  open: 'tickets.status.open',
  pending: 'tickets.status.pending',
  closed: 'tickets.status.closed',
  group: 'tickets.status.group',
};

/**
 * The left half of the conversations screen: views, tabs with counts,
 * search, queues, filters, show-all, the speed dial, and the list itself.
 */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | undefined }) {
  const t = useT();
  const user = useAppSelector((state) => state.session.user)!;
  const actions = useTicketActions();
  const admin = isTicketAdmin(user);
  const showAllAllowed = canShowAll(user);

  // /tickets?contactId=…: one contact's tickets ("open its tickets" from the contacts screen), in the search view.
  const [searchParams, setSearchParams] = useSearchParams();
  const contactParam = Number(searchParams.get('contactId'));
  const contactFilter = Number.isSafeInteger(contactParam) && contactParam > 0 ? contactParam : undefined;
  const [view, setView] = useState<View>(contactFilter ? 'search' : 'open');
  const [tab, setTab] = useState<Tab>('open');
  const [searchText, setSearchText] = useState('');
  // Show-all starts on for admins.
  const [showAll, setShowAll] = useState(admin);
  const queueKey = user.queues.map((queue) => queue.id).join(',');
  const allQueueIds = useMemo(() => (queueKey === '' ? [] : queueKey.split(',')), [queueKey]);
  const [queueSelection, setQueueSelection] = useState<string[]>(allQueueIds);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [connectionFilter, setConnectionFilter] = useState<string[]>([]);
  const [userFilter, setUserFilter] = useState<string[]>([]);
  const [statusFilter, setStatusFilter] = useState<string[]>([]);
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const [closeAll, closingAll] = useCloseAllTicketsMutation();
  const [helpOpen, setHelpOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  useInboxShortcuts({
    enabled: useShortcutsEnabled(user.id),
    showTab: (target) => {
      setView('open');
      setTab(target);
    },
    focusSearch: () => searchInput.current?.focus(),
    openHelp: () => setHelpOpen(true),
  });
  const afterFirstRow = useAfterFirstRow();

  // The user's queues can change (profile edits): a selection of "all" follows them.
  useEffect(() => setQueueSelection(allQueueIds), [allQueueIds]);

  const { data: tags } = useTagOptionsQuery(undefined, { skip: !filtersOpen });
  const { data: connections } = useConnectionOptionsQuery(undefined, { skip: !filtersOpen });
  const { data: users } = useUserOptionsQuery(undefined, { skip: !filtersOpen || !admin });

  // Typing a search term switches to the search view; clearing it goes back to the open view.
  const search = useDebounced(searchText.trim(), LIST_DEBOUNCE_MS);
  useEffect(() => {
    if (search !== '') setView('search');
    else if (contactFilter === undefined) setView((current) => (current === 'search' ? 'open' : current));
  }, [search, contactFilter]);
  useEffect(() => {
    if (contactFilter !== undefined) setView('search');
  }, [contactFilter]);
  const clearContactFilter = () => {
    setSearchParams((params) => {
      params.delete('contactId');
      return params;
    });
    if (search === '') setView('open');
  };

  const filters = useDebounced(
    useMemo(
      () => ({
        // Every queue of the user selected means no queue filter, so tickets without a queue show as well.
        queueIds: queueSelection.length === allQueueIds.length && allQueueIds.every((id) => queueSelection.includes(id)) ? undefined : toIds(queueSelection),
        tags: toIds(tagFilter),
        whatsappIds: toIds(connectionFilter),
        users: admin ? toIds(userFilter) : [],
        statusFilter: statusFilter as TicketStatus[],
      }),
      [queueSelection, allQueueIds, tagFilter, connectionFilter, userFilter, statusFilter, admin],
    ),
    LIST_DEBOUNCE_MS,
  );

  const base = { queueIds: filters.queueIds, tags: filters.tags, whatsappIds: filters.whatsappIds, users: filters.users, showAll: showAllAllowed && showAll };
  const tabArgs = (status: Tab): TicketListArgs => ({ ...base, status });
  const listArgs: TicketListArgs =
    view === 'open'
      ? tabArgs(tab)
      : view === 'closed'
        ? { ...base, status: 'closed' }
        : // The search view passes show-all as false for profile user.
          {
            ...base,
            searchParam: search,
            statusFilter: filters.statusFilter,
            showAll: user.profile === 'user' ? false : base.showAll,
            contactId: contactFilter,
          };

  useSocketJoin(view === 'search' ? null : { event: 'joinTickets', data: view === 'open' ? tab : 'closed' });

  const runCloseAll = async () => {
    setConfirmCloseAll(false);
    try {
      await closeAll({ status: tab, ...(filters.queueIds ? { queueIds: filters.queueIds } : {}) }).unwrap();
      toaster.create({ type: 'success', description: t('tickets.closeAll.done') });
    } catch (error) {
      // A close-all failure is logged only.
      console.error('close all failed', error);
    }
  };

  const viewButton = (target: View, icon: ReactElement, label: MessageKey) => (
    <IconButton
      size="sm"
      variant={view === target ? 'subtle' : 'ghost'}
      colorPalette={view === target ? 'blue' : 'gray'}
      aria-label={t(label)}
      title={t(label)}
      aria-pressed={view === target}
      onClick={() => {
        setView(target);
        if (target !== 'search') {
          setSearchText('');
          if (contactFilter !== undefined) clearContactFilter();
        }
      }}
      data-testid={`tickets-view-${target}`}
    >
      {icon}
    </IconButton>
  );

  return (
    <Flex direction="column" h="full" minH="0" position="relative" data-testid="tickets-manager" data-view={view}>
      <Stack gap="2" p="3" borderBottomWidth="1px" flexShrink="0">
        <HStack gap="1" justify="space-between">
          <HStack gap="1">
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('tickets.new.title')}
              title={t('tickets.new.title')}
              onClick={actions.newTicket}
              data-testid="tickets-new"
            >
              <LuMessageSquarePlus />
            </IconButton>
            {viewButton('open', <LuInbox />, 'tickets.view.open')}
            {viewButton('closed', <LuArchive />, 'tickets.view.closed')}
            {viewButton('search', <LuSearch />, 'tickets.view.search')}
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('tickets.shortcuts.open')}
              title={t('tickets.shortcuts.open')}
              aria-keyshortcuts="?"
              onClick={() => setHelpOpen(true)}
              data-testid="tickets-shortcuts"
            >
              <LuKeyboard />
            </IconButton>
            {afterFirstRow && (
              <Suspense fallback={null}>
                <PushButton />
              </Suspense>
            )}
          </HStack>
          {showAllAllowed && (
            <PlainSwitch checked={showAll} onChange={setShowAll} testId="tickets-show-all">
              {t('tickets.showAll')}
            </PlainSwitch>
          )}
        </HStack>
        <InputGroup startElement={<LuSearch />}>
          <Input
            ref={searchInput}
            size="sm"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('tickets.search')}
            data-testid="tickets-search"
          />
        </InputGroup>
        <Flex wrap="wrap" gap="2">
          <MultiSelect
            label={t('tickets.filter.queues')}
            options={user.queues.map((queue) => ({ value: String(queue.id), label: queue.name, color: queue.color }))}
            value={queueSelection}
            onChange={setQueueSelection}
            testId="tickets-queues"
          />
          <Button
            size="xs"
            variant={filtersOpen ? 'subtle' : 'ghost'}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            data-testid="tickets-filters-toggle"
          >
            <LuFilter />
            {t('tickets.filter.title')}
          </Button>
        </Flex>
        {filtersOpen && (
          <Flex wrap="wrap" gap="2" data-testid="tickets-filters">
            <MultiSelect
              label={t('tickets.filter.tags')}
              options={(tags ?? []).map((tag) => ({ value: String(tag.id), label: tag.name, color: tag.color }))}
              value={tagFilter}
              onChange={setTagFilter}
              testId="tickets-filter-tags"
            />
            <MultiSelect
              label={t('tickets.filter.connections')}
              options={(connections ?? []).map((connection) => ({ value: String(connection.id), label: connection.name }))}
              value={connectionFilter}
              onChange={setConnectionFilter}
              testId="tickets-filter-connections"
            />
            {view === 'search' && (
              <MultiSelect
                label={t('tickets.filter.status')}
                options={statusOptions.map((status) => ({ value: status, label: t(statusLabels[status]) }))}
                value={statusFilter}
                onChange={setStatusFilter}
                testId="tickets-filter-status"
              />
            )}
            {admin && (
              <MultiSelect
                label={t('tickets.filter.users')}
                options={(users ?? []).map((option) => ({ value: String(option.id), label: option.name }))}
                value={userFilter}
                onChange={setUserFilter}
                testId="tickets-filter-users"
              />
            )}
          </Flex>
        )}
      </Stack>

      {view === 'open' && (
        <PlainTabs
          value={tab}
          onChange={setTab}
          flexShrink="0"
          items={tabs.map((value) => ({
            value,
            testId: `tickets-tab-${value}`,
            label: (
              <>
                {t(tabLabels[value])}
                <TabCount args={tabArgs(value)} />
              </>
            ),
          }))}
        />
      )}
      {view !== 'open' && (
        <HStack px="3" py="2" borderBottomWidth="1px" flexShrink="0" justify="space-between">
          <Text textStyle="sm" fontWeight="semibold" color="fg.muted">
            {t(view === 'closed' ? 'tickets.view.closed' : contactFilter !== undefined ? 'tickets.view.contact' : 'tickets.view.search')}
          </Text>
          {view === 'search' && contactFilter !== undefined && (
            <IconButton
              size="2xs"
              variant="ghost"
              aria-label={t('tickets.view.contactClear')}
              title={t('tickets.view.contactClear')}
              onClick={clearContactFilter}
              data-testid="tickets-contact-filter-clear"
            >
              <LuX />
            </IconButton>
          )}
        </HStack>
      )}

      {afterFirstRow && (
        <Suspense fallback={null}>
          <PushPromptSlot userId={user.id} selectedUuid={selectedUuid} />
        </Suspense>
      )}
      <Box flex="1" minH="0">
        <TicketList key={view === 'open' ? tab : view} args={listArgs} selectedUuid={selectedUuid} testId="ticket-list" />
      </Box>

      <SpeedDial onNewTicket={actions.newTicket} {...(admin && view === 'open' ? { onCloseAll: () => setConfirmCloseAll(true) } : {})} />
      <ConfirmDialog
        open={confirmCloseAll}
        title={t('tickets.closeAll.confirm', { tab: t(tabLabels[tab]) })}
        loading={closingAll.isLoading}
        onClose={() => setConfirmCloseAll(false)}
        onConfirm={runCloseAll}
        testId="close-all-dialog"
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Flex>
  );
}
