import { Avatar, Badge, Box, Flex, HStack, IconButton, Menu, Portal, SkeletonCircle, SkeletonText, Text } from '@chakra-ui/react';
import { memo, type MouseEvent } from 'react';
import { FaFacebook, FaInstagram, FaWhatsapp } from 'react-icons/fa';
import { LuCheck, LuCircleCheckBig, LuEllipsisVertical, LuFlaskConical, LuMessageCircle, LuPlay, LuRotateCcw, LuTrash2, LuUndo2, LuUsers, LuArrowRightLeft, LuX } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { useTicketActions } from './actions';
import { cut, formatTicketTime, lastContact, lastMessageKind, queueChipText } from './format';
import { usePresence } from './presence';
import type { Ticket } from './types';

/** Every row has the same height, so the virtual list places rows by arithmetic instead of measuring them. */
export const ROW_HEIGHT = 96;

const channelIcons: Record<string, { icon: typeof FaWhatsapp; color: string }> = {
  whatsapp: { icon: FaWhatsapp, color: 'green.500' },
  whatsapp_cloud: { icon: FaWhatsapp, color: 'green.600' },
  facebook: { icon: FaFacebook, color: 'blue.500' },
  instagram: { icon: FaInstagram, color: 'pink.500' },
  sandbox: { icon: LuFlaskConical, color: 'purple.500' },
};

function ChannelIcon({ channel }: { channel: string }) {
  const t = useT();
  const known = channelIcons[channel] ?? { icon: LuMessageCircle, color: 'fg.muted' };
  const Icon = known.icon;
  return (
    <Box as="span" color={known.color} flexShrink="0" title={t('tickets.row.channel', { channel })} data-testid="ticket-channel" data-channel={channel}>
      <Icon size="14" />
    </Box>
  );
}

function LastContactBadge({ updatedAt, now }: { updatedAt: string; now: Date }) {
  const t = useT();
  const since = lastContact(updatedAt, now);
  const text =
    since.unit === 'minutes'
      ? t('tickets.row.minutesAgo', { count: since.value })
      : since.unit === 'hours'
        ? t('tickets.row.hoursAgo', { count: since.value })
        : t('tickets.row.yesterday');
  return (
    <Badge size="xs" variant="surface" colorPalette={since.unit === 'minutes' ? 'green' : since.unit === 'hours' ? 'orange' : 'red'} data-testid="ticket-last-contact">
      {text}
    </Badge>
  );
}

function LastMessage({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const presence = usePresence(ticket.id);
  if (presence) {
    return (
      <Text textStyle="sm" color="green.fg" fontStyle="italic" truncate data-testid="ticket-presence">
        {t(presence === 'recording' ? 'tickets.row.recording' : 'tickets.row.typing')}
      </Text>
    );
  }
  const kind = lastMessageKind(ticket.lastMessage);
  const text = kind === 'location' ? t('tickets.row.location') : kind === 'contact' ? t('tickets.row.contactCard') : cut(ticket.lastMessage);
  return (
    <Text textStyle="sm" color="fg.muted" truncate title={ticket.lastMessage} data-testid="ticket-last-message">
      {text}
    </Text>
  );
}

interface RowAction {
  key: string;
  label: MessageKey;
  icon: typeof LuCheck;
  palette: string;
  run: () => void;
}

/** Spec 1 §2 row buttons by status; the less frequent ones sit in the row's menu. */
function useRowActions(ticket: Ticket, canDelete: boolean): { main: RowAction[]; more: RowAction[] } {
  const actions = useTicketActions();
  const main: RowAction[] = [];
  const more: RowAction[] = [];
  switch (ticket.status) {
    case 'pending':
      main.push({ key: 'accept', label: 'tickets.action.accept', icon: LuCheck, palette: 'green', run: () => actions.accept(ticket) });
      main.push({ key: 'ignore', label: 'tickets.action.ignore', icon: LuX, palette: 'red', run: () => actions.ignore(ticket) });
      more.push({ key: 'transfer', label: 'tickets.action.transfer', icon: LuArrowRightLeft, palette: 'gray', run: () => actions.transfer(ticket) });
      break;
    case 'open':
      main.push({ key: 'return', label: 'tickets.action.return', icon: LuUndo2, palette: 'orange', run: () => actions.returnToQueue(ticket) });
      main.push({ key: 'resolve', label: 'tickets.action.resolve', icon: LuCircleCheckBig, palette: 'green', run: () => actions.resolve(ticket, true) });
      more.push({ key: 'transfer', label: 'tickets.action.transfer', icon: LuArrowRightLeft, palette: 'gray', run: () => actions.transfer(ticket) });
      break;
    case 'group':
      if (ticket.userId === null) main.push({ key: 'start', label: 'tickets.action.start', icon: LuPlay, palette: 'green', run: () => actions.start(ticket) });
      else main.push({ key: 'resolve', label: 'tickets.action.resolve', icon: LuCircleCheckBig, palette: 'green', run: () => actions.resolve(ticket, true) });
      more.push({ key: 'transfer', label: 'tickets.action.transfer', icon: LuArrowRightLeft, palette: 'gray', run: () => actions.transfer(ticket) });
      break;
    case 'closed':
      main.push({ key: 'reopen', label: 'tickets.action.reopen', icon: LuRotateCcw, palette: 'blue', run: () => actions.reopen(ticket) });
      break;
  }
  if (canDelete) more.push({ key: 'delete', label: 'tickets.action.delete', icon: LuTrash2, palette: 'red', run: () => actions.remove(ticket) });
  return { main, more };
}

const stop = (event: MouseEvent) => event.stopPropagation();

function RowActions({ ticket, canDelete }: { ticket: Ticket; canDelete: boolean }) {
  const t = useT();
  const { busy } = useTicketActions();
  const { main, more } = useRowActions(ticket, canDelete);
  const working = busy.has(ticket.id);
  return (
    <HStack gap="0.5" flexShrink="0" onClick={stop}>
      {main.map((action) => {
        const Icon = action.icon;
        return (
          <IconButton
            key={action.key}
            size="2xs"
            variant="subtle"
            colorPalette={action.palette}
            aria-label={t(action.label)}
            title={t(action.label)}
            disabled={working}
            onClick={action.run}
            data-testid={`ticket-${action.key}-${ticket.id}`}
          >
            <Icon />
          </IconButton>
        );
      })}
      {more.length > 0 && (
        <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <IconButton size="2xs" variant="ghost" aria-label={t('tickets.row.more')} title={t('tickets.row.more')} disabled={working} data-testid={`ticket-more-${ticket.id}`}>
              <LuEllipsisVertical />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {more.map((action) => {
                  const Icon = action.icon;
                  return (
                    <Menu.Item key={action.key} value={action.key} onClick={action.run} color={action.palette === 'red' ? 'fg.error' : undefined} data-testid={`ticket-${action.key}-${ticket.id}`}>
                      <Icon />
                      {t(action.label)}
                    </Menu.Item>
                  );
                })}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </HStack>
  );
}

export interface TicketRowProps {
  ticket: Ticket;
  selected: boolean;
  now: Date;
  canDelete: boolean;
  onOpen: (ticket: Ticket) => void;
}

/** One ticket of the list (spec 1 §2 "Ticket row"). */
export const TicketRow = memo(function TicketRow({ ticket, selected, now, canDelete, onOpen }: TicketRowProps) {
  const t = useT();
  const contactName = ticket.contact?.name ?? '';
  const picture = ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined;
  const [firstTag, ...otherTags] = ticket.tags;
  return (
    <Flex
      role="button"
      tabIndex={0}
      h={`${ROW_HEIGHT}px`}
      px="3"
      py="2"
      gap="3"
      align="center"
      cursor="pointer"
      borderBottomWidth="1px"
      borderInlineStartWidth="3px"
      borderInlineStartColor={ticket.queue?.color ?? 'gray.400'}
      bg={selected ? 'colorPalette.subtle' : undefined}
      _hover={{ bg: selected ? 'colorPalette.subtle' : 'bg.muted' }}
      onClick={() => onOpen(ticket)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(ticket);
      }}
      aria-current={selected ? 'true' : undefined}
      data-testid={`ticket-row-${ticket.id}`}
      data-status={ticket.status}
    >
      <Avatar.Root size="md" flexShrink="0">
        <Avatar.Fallback name={contactName} />
        {picture ? <Avatar.Image src={picture} alt="" /> : null}
      </Avatar.Root>
      <Box flex="1" minW="0">
        <HStack gap="1.5" minW="0">
          <ChannelIcon channel={ticket.channel} />
          {ticket.isGroup && (
            <Box as="span" color="fg.muted" title={t('tickets.row.group')} data-testid="ticket-group-icon" flexShrink="0">
              <LuUsers size="14" />
            </Box>
          )}
          <Text fontWeight="semibold" truncate flex="1" title={contactName} data-testid="ticket-contact-name">
            {cut(contactName)}
          </Text>
          <Text textStyle="xs" color={ticket.unreadMessages > 0 ? 'green.fg' : 'fg.muted'} flexShrink="0" data-testid="ticket-time">
            {formatTicketTime(ticket.updatedAt, now)}
          </Text>
        </HStack>
        <HStack gap="2" minW="0">
          <Box flex="1" minW="0">
            <LastMessage ticket={ticket} />
          </Box>
          {ticket.unreadMessages > 0 && (
            <Badge colorPalette="green" variant="solid" borderRadius="full" size="sm" flexShrink="0" data-testid="ticket-unread">
              {ticket.unreadMessages}
            </Badge>
          )}
        </HStack>
        <HStack gap="1" minW="0" mt="1">
          <HStack gap="1" minW="0" flex="1" overflow="hidden">
            <Badge
              size="xs"
              flexShrink="0"
              color="white"
              bg={ticket.queue?.color ?? 'gray.500'}
              data-testid="ticket-queue"
              title={ticket.queue?.name ?? t('tickets.noQueue')}
            >
              {ticket.queue ? queueChipText(ticket.queue.name) : t('tickets.noQueue')}
            </Badge>
            {ticket.user && (
              <Badge size="xs" variant="outline" flexShrink="0" maxW="24" truncate data-testid="ticket-user" title={ticket.user.name}>
                {ticket.user.name}
              </Badge>
            )}
            {firstTag && (
              <Badge size="xs" color="white" bg={firstTag.color} maxW="20" truncate data-testid="ticket-tag" title={ticket.tags.map((tag) => tag.name).join(', ')}>
                {firstTag.name}
              </Badge>
            )}
            {otherTags.length > 0 && (
              <Badge size="xs" variant="subtle" data-testid="ticket-more-tags">
                +{otherTags.length}
              </Badge>
            )}
            <LastContactBadge updatedAt={ticket.updatedAt} now={now} />
          </HStack>
          <RowActions ticket={ticket} canDelete={canDelete} />
        </HStack>
      </Box>
    </Flex>
  );
});

/** Placeholder rows while the first page loads (spec 1 §2 skeleton rows). */
export function TicketRowSkeleton() {
  return (
    <Flex h={`${ROW_HEIGHT}px`} px="3" py="2" gap="3" align="center" borderBottomWidth="1px" data-testid="ticket-skeleton">
      <SkeletonCircle size="10" flexShrink="0" />
      <SkeletonText noOfLines={3} flex="1" gap="2" />
    </Flex>
  );
}
