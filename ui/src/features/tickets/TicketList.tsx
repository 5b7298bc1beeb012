import { Box, Button, EmptyState, Stack } from '@chakra-ui/react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { markFirstRow } from '../../app/firstRow';
import { LuInbox } from 'react-icons/lu';
import { registerTarget } from './shortcuts/registry';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { canDeleteTicket } from './access';
import { useTicketListInfiniteQuery, useTicketSlaQuery } from './api';
import { slaListKey } from './sla';
import { flattenTickets } from './cache';
import { useMinuteClock } from './clock';
import { normaliseListArgs, selectsNothing, type TicketListArgs } from './listArgs';
import { ROW_HEIGHT, TicketRow, TicketRowSkeleton, ticketRowStyles } from './TicketRow';
import type { TicketView as Ticket } from '@conversa/contracts';

/** The next page loads once the list is scrolled within 100 px of its bottom. */
export const LOAD_MORE_WITHIN_PX = 100;
const SKELETON_ROWS = 6;
/** Room under the last row for the round "+" button floating over the list's foot: the last row's buttons stay clickable. */
export const LIST_END_ROOM_PX = 72;
const rowHeight = () => ROW_HEIGHT;

/**
 * One ticket list (a tab or a view): pages of GET /tickets kept live by frames (live.ts), drawn by a virtual
 * list so only the rows in view exist in the page, however many thousands are loaded.
 */
export function TicketList({ args, selectedUuid, testId }: { args: TicketListArgs; selectedUuid: string | undefined; testId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.user)!;
  const now = useMinuteClock();
  const query = useMemo(() => normaliseListArgs(args), [args]);
  const empty = selectsNothing(query);
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useTicketListInfiniteQuery(empty ? skipToken : query);
  const rows = useMemo(() => (empty ? [] : flattenTickets(data)), [data, empty]);
  const scroller = useRef<HTMLDivElement>(null);
  const canDelete = canDeleteTicket(user);
  const slaKey = useMemo(() => slaListKey(rows), [rows]);
  const { data: sla } = useTicketSlaQuery(rows.length === 0 ? skipToken : slaKey);
  const clocks = useMemo(() => new Map((sla?.clocks ?? []).map((clock) => [clock.ticketId, clock])), [sla]);

  // Stable callbacks: the virtualizer recomputes every row's offset whenever one of them changes identity.
  const getItemKey = useCallback((index: number) => rows[index]!.id, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: rowHeight,
    getItemKey,
    overscan: 6,
  });

  const loadMoreIfNear = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= LOAD_MORE_WITHIN_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A first page shorter than the viewport never scrolls: ask for the next one right away.
  useEffect(loadMoreIfNear, [loadMoreIfNear, rows.length]);

  const open = useCallback((ticket: Ticket) => navigate(`/tickets/${ticket.uuid}`), [navigate]);
  // The keyboard's next / previous ticket walk these rows (shortcuts/registry.ts).
  // Painted (rows, empty or error): what waits for the first row may load now.
  useEffect(() => {
    if (!isLoading) markFirstRow();
  }, [isLoading]);
  useEffect(() => registerTarget('list', { rows, scrollTo: (index) => virtualizer.scrollToIndex(index) }), [rows, virtualizer]);

  if (isLoading) {
    return (
      <Stack gap="0" data-testid={`${testId}-loading`}>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <TicketRowSkeleton key={index} />
        ))}
      </Stack>
    );
  }

  if (rows.length === 0) {
    return (
      <EmptyState.Root size="sm" data-testid={`${testId}-empty`}>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuInbox />
          </EmptyState.Indicator>
          <EmptyState.Title>{t(isError ? 'tickets.list.errorTitle' : 'tickets.list.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t(isError ? 'tickets.list.errorMessage' : 'tickets.list.emptyMessage')}</EmptyState.Description>
          {isError && (
            <Button size="sm" variant="outline" onClick={() => refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  const items = virtualizer.getVirtualItems();
  return (
    <Box
      ref={scroller}
      h="full"
      overflowY="auto"
      onScroll={loadMoreIfNear}
      data-testid={testId}
      data-count={rows.length}
      css={{ overflowAnchor: 'none', contain: 'strict', ...ticketRowStyles }}
    >
      <Box position="relative" w="full" style={{ height: virtualizer.getTotalSize() + (isFetchingNextPage ? ROW_HEIGHT : 0) + LIST_END_ROOM_PX }}>
        {items.map((item) => {
          const ticket = rows[item.index]!;
          return (
            // A plain element: this wrapper re-renders on every scrolled frame, so it must cost nothing to style.
            <div key={item.key} style={{ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', transform: `translateY(${item.start}px)` }}>
              <TicketRow ticket={ticket} selected={ticket.uuid === selectedUuid} now={now} canDelete={canDelete} onOpen={open} sla={clocks.get(ticket.id)} />
            </div>
          );
        })}
        {isFetchingNextPage && (
          <Box position="absolute" top="0" w="full" style={{ transform: `translateY(${virtualizer.getTotalSize()}px)` }}>
            <TicketRowSkeleton />
          </Box>
        )}
      </Box>
    </Box>
  );
}
