import { Box, Center, Menu, Portal, Spinner, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { ActionItems, MessageBubble, type MessageActions } from './MessageBubble';
import type { MessageView as Message } from '@conversa/contracts';
import { dayLabel, LOAD_OLDER_THRESHOLD_PX, type MessageRow, type ShownMessage } from './model';

/** Sizes guessed before a row is measured: close guesses keep the scrollbar steady while older pages arrive. */
export function estimateRowSize(row: MessageRow | undefined): number {
  if (!row) return 60;
  // Every row is estimated again whenever a page arrives; the guess for an unchanged message is kept.
  let size = estimates.get(row.item);
  if (size === undefined) estimates.set(row.item, (size = estimateMessageSize(row.item)));
  return size + (row.day ? 40 : 0);
}

const estimates = new WeakMap<ShownMessage, number>();

function estimateMessageSize(item: ShownMessage): number {
  const { message } = item;
  const extras = (message.quotedMsg ? 48 : 0) + (message.isForwarded || message.isPrivate ? 18 : 0) + (item.reactions.length > 0 ? 12 : 0);
  switch (message.mediaType) {
    case 'image':
    case 'video':
      return 236 + extras + (message.body ? 22 : 0);
    case 'sticker':
      return 164 + extras;
    case 'audio':
      return 84 + extras;
    case 'application':
    case 'locationMessage':
      return 86 + extras + (message.body ? 22 : 0);
    case 'contactMessage':
      return 110 + extras;
    case 'call_log':
      return 34 + extras;
    default: {
      const lines = message.body.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 60)), 0);
      return 38 + lines * 20 + extras;
    }
  }
}

export interface MessageListHandle {
  scrollToMessage(messageId: string): void;
  scrollToEnd(): void;
}

interface Props {
  rows: MessageRow[];
  userId: number;
  isGroup: boolean;
  canReply: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  selecting: boolean;
  selected: ReadonlySet<string>;
  actions: Omit<MessageActions, 'openMenu' | 'goToMessage'>;
}

const DaySeparator = memo(function DaySeparator({ day }: { day: string }) {
  const t = useT();
  const label = dayLabel(day, new Date());
  return (
    <div className="cv-day" data-testid="day-separator" data-day={day}>
      <span>{label.kind === 'today' ? t('messages.today') : label.kind === 'yesterday' ? t('messages.yesterday') : label.text}</span>
    </div>
  );
});

type OpenMenu = { message: Message; point: { x: number; y: number } } | null;

/** The one actions menu of the list, opened at the row's button; memoised so scrolling does not redraw it. */
const RowMenu = memo(function RowMenu({
  menu,
  onClose,
  userId,
  canReply,
  isGroup,
  actions,
}: {
  menu: OpenMenu;
  onClose: () => void;
  userId: number;
  canReply: boolean;
  isGroup: boolean;
  actions: MessageActions;
}) {
  return (
    <Menu.Root
      open={menu !== null}
      onOpenChange={(details) => !details.open && onClose()}
      anchorPoint={menu?.point ?? null}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" data-testid="message-menu">
            {menu && <ActionItems message={menu.message} userId={userId} canReply={canReply} isGroup={isGroup} actions={actions} />}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});

/**
 * The conversation's rows, virtualised (only what is on screen is in the DOM). Anchored to the end like a chat:
 * it opens at the newest message and follows new ones while at the bottom; when an older page is prepended, the
 * message in view stays where it is (rows are keyed by message id, so the virtualizer re-anchors on its key).
 */
export const MessageList = forwardRef<MessageListHandle, Props>(function MessageList(
  { rows, userId, isGroup, canReply, hasOlder, loadingOlder, loadOlder, selecting, selected, actions },
  ref,
) {
  const parent = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<OpenMenu>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: (index) => estimateRowSize(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 80,
  });
  // Read through a ref, so the row actions (and the memoised bubbles) stay the same when a page arrives.
  const currentRows = useRef(rows);
  currentRows.current = rows;
  const rowActions = useMemo<MessageActions>(
    () => ({
      ...actions,
      openMenu: (message, point) => setMenu({ message, point }),
      goToMessage: (messageId) => {
        const index = currentRows.current.findIndex((row) => row.key === messageId);
        if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
      },
    }),
    [actions, virtualizer],
  );

  useImperativeHandle(
    ref,
    () => ({
      scrollToMessage(messageId) {
        const index = rows.findIndex((row) => row.key === messageId);
        if (index >= 0) virtualizer.scrollToIndex(index, { align: 'end' });
      },
      scrollToEnd() {
        virtualizer.scrollToEnd();
      },
    }),
    [rows, virtualizer],
  );

  // The list opens at its newest message; older pages load only once it stands there.
  const positioned = useRef(false);
  const maybeLoadOlder = useCallback(() => {
    const element = parent.current;
    if (!element || !positioned.current || !hasOlder || loadingOlder) return;
    // Older pages load when scrolled to under 50 px from the top (also when the list is shorter than the view).
    if (element.scrollTop < LOAD_OLDER_THRESHOLD_PX) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  useEffect(() => {
    maybeLoadOlder();
  }, [rows.length, maybeLoadOlder]);

  const latestLoadOlder = useRef(maybeLoadOlder);
  latestLoadOlder.current = maybeLoadOlder;
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
    // Rows measured on the first frames may be taller than their estimates: stand at the end again after them.
    let frame = requestAnimationFrame(() => {
      virtualizer.scrollToEnd();
      frame = requestAnimationFrame(() => {
        positioned.current = true;
        latestLoadOlder.current();
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <Box flex="1" minH="0" position="relative" display="flex" flexDirection="column">
      <Box ref={parent} flex="1" minH="0" overflowY="auto" overflowAnchor="none" onScroll={maybeLoadOlder} data-testid="message-list" bg="bg.subtle">
        {/* Plain elements with inline styles: a styled wrapper would mint a CSS class for every row position. */}
        <div style={{ height: virtualizer.getTotalSize(), width: '100%', position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                  paddingBottom: row.item.reactions.length > 0 ? 12 : 0,
                }}
              >
                {row.day && <DaySeparator day={row.day} />}
                <MessageBubble
                  item={row.item}
                  userId={userId}
                  isGroup={isGroup}
                  canReply={canReply}
                  selecting={selecting}
                  selected={selected.has(row.item.message.id)}
                  actions={rowActions}
                />
              </div>
            );
          })}
        </div>
      </Box>
      <RowMenu menu={menu} onClose={closeMenu} userId={userId} canReply={canReply} isGroup={isGroup} actions={rowActions} />
      {loadingOlder && (
        <Center position="absolute" top="2" left="0" right="0" pointerEvents="none" data-testid="loading-older">
          <Spinner size="sm" />
        </Center>
      )}
    </Box>
  );
});

export function EmptyConversation() {
  const t = useT();
  return (
    <Center flex="1" bg="bg.subtle" data-testid="messages-empty">
      <Text color="fg.muted">{t('messages.empty')}</Text>
    </Center>
  );
}
