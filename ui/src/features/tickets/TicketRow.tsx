import { Flex, Menu, Portal, SkeletonCircle, SkeletonText, type SystemStyleObject } from '@chakra-ui/react';
import { memo, useState, type MouseEvent, type ReactElement } from 'react';
import { FaFacebook, FaInstagram, FaWhatsapp } from 'react-icons/fa';
import { LuArrowRightLeft, LuBot, LuCheck, LuCircleCheckBig, LuEllipsisVertical, LuFlaskConical, LuMessageCircle, LuPlay, LuRotateCcw, LuTrash2, LuUndo2, LuUsers, LuX } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { useTicketActions } from './actions';
import { cut, formatTicketTime, lastContact, lastMessageKind, queueChipText } from './format';
import { usePresence } from './presence';
import { TicketRating } from './TicketRating';
import type { Ticket } from './types';

/** Every row has the same height, so the virtual list places rows by arithmetic instead of measuring them. */
export const ROW_HEIGHT = 96;

/**
 * Rows are plain elements styled by these rules, which the list applies once on its container (with the theme's
 * tokens, so dark mode and palettes hold). A scrolling list mounts several rows every frame; resolving the style
 * props of twenty components per row was most of each frame's work.
 */
export const ticketRowStyles: SystemStyleObject = {
  '& .tr': {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    height: `${ROW_HEIGHT}px`,
    paddingInline: '3',
    paddingBlock: '2',
    cursor: 'pointer',
    borderBottomWidth: '1px',
    borderInlineStartWidth: '3px',
    borderInlineStartColor: 'gray.400',
    _hover: { bg: 'bg.muted' },
    '&[aria-current=true]': { bg: 'colorPalette.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
  },
  '& .tr-pic': {
    position: 'relative',
    flexShrink: 0,
    width: '10',
    height: '10',
    borderRadius: 'full',
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bg: 'colorPalette.muted',
    color: 'colorPalette.fg',
    fontWeight: 'medium',
    textStyle: 'sm',
  },
  '& .tr-pic img': { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  '& .tr-body': { flex: 1, minWidth: 0 },
  '& .tr-line': { display: 'flex', alignItems: 'center', gap: '1.5', minWidth: 0 },
  '& .tr-line + .tr-line': { marginTop: '0.5' },
  '& .tr-icon': { flexShrink: 0, display: 'inline-flex', color: 'fg.muted' },
  '& .tr-icon[data-channel=whatsapp], & .tr-icon[data-channel=whatsapp_cloud]': { color: 'green.500' },
  '& .tr-icon[data-channel=facebook]': { color: 'blue.500' },
  '& .tr-icon[data-channel=instagram]': { color: 'pink.500' },
  '& .tr-icon[data-channel=sandbox]': { color: 'purple.500' },
  '& .tr-icon[data-bot]': { color: 'blue.500' },
  '& .tr-name': { flex: 1, minWidth: 0, fontWeight: 'semibold', truncate: true },
  '& .tr-time': { flexShrink: 0, textStyle: 'xs', color: 'fg.muted' },
  '& .tr-time[data-unread=true]': { color: 'green.fg' },
  '& .tr-msg': { flex: 1, minWidth: 0, textStyle: 'sm', color: 'fg.muted', truncate: true },
  '& .tr-msg[data-presence]': { color: 'green.fg', fontStyle: 'italic' },
  '& .tr-unread': {
    flexShrink: 0,
    minWidth: '5',
    height: '5',
    paddingInline: '1.5',
    borderRadius: 'full',
    bg: 'green.solid',
    color: 'green.contrast',
    textStyle: 'xs',
    fontWeight: 'semibold',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  '& .tr-chips': { display: 'flex', alignItems: 'center', gap: '1', flex: 1, minWidth: 0, overflow: 'hidden' },
  '& .chip': {
    flexShrink: 0,
    maxWidth: '24',
    truncate: true,
    paddingInline: '1.5',
    borderRadius: 'l1',
    textStyle: '2xs',
    fontWeight: 'medium',
    lineHeight: '1.1rem',
    bg: 'gray.subtle',
    color: 'gray.fg',
  },
  '& .chip[data-kind=solid]': { color: 'white', bg: 'gray.500' },
  '& .chip[data-kind=outline]': { bg: 'transparent', borderWidth: '1px', borderColor: 'border.emphasized', color: 'fg' },
  '& .chip[data-age=minutes]': { bg: 'green.subtle', color: 'green.fg' },
  '& .chip[data-age=hours]': { bg: 'orange.subtle', color: 'orange.fg' },
  '& .chip[data-age=yesterday]': { bg: 'red.subtle', color: 'red.fg' },
  '& .tr-actions': { display: 'flex', gap: '0.5', flexShrink: 0 },
  '& .tr-btn': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '6',
    height: '6',
    borderRadius: 'l1',
    cursor: 'pointer',
    bg: 'transparent',
    color: 'fg.muted',
    _hover: { bg: 'bg.emphasized' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
  },
  '& .tr-btn[data-palette=green]': { bg: 'green.subtle', color: 'green.fg', _hover: { bg: 'green.muted' } },
  '& .tr-btn[data-palette=red]': { bg: 'red.subtle', color: 'red.fg', _hover: { bg: 'red.muted' } },
  '& .tr-btn[data-palette=orange]': { bg: 'orange.subtle', color: 'orange.fg', _hover: { bg: 'orange.muted' } },
  '& .tr-btn[data-palette=blue]': { bg: 'blue.subtle', color: 'blue.fg', _hover: { bg: 'blue.muted' } },
};

const channelIcons: Record<string, typeof FaWhatsapp> = {
  whatsapp: FaWhatsapp,
  whatsapp_cloud: FaWhatsapp,
  facebook: FaFacebook,
  instagram: FaInstagram,
  sandbox: LuFlaskConical,
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');

/** The contact's picture over their initials; a picture that fails to load leaves the initials. */
function RowPicture({ name, src }: { name: string; src: string | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="tr-pic" aria-hidden>
      {initials(name)}
      {src && !failed && <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} />}
    </span>
  );
}

function LastMessage({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const presence = usePresence(ticket.id);
  if (presence) {
    return (
      <span className="tr-msg" data-presence={presence} data-testid="ticket-presence">
        {t(presence === 'recording' ? 'tickets.row.recording' : 'tickets.row.typing')}
      </span>
    );
  }
  const kind = lastMessageKind(ticket.lastMessage);
  const text = kind === 'location' ? t('tickets.row.location') : kind === 'contact' ? t('tickets.row.contactCard') : cut(ticket.lastMessage);
  return (
    <span className="tr-msg" title={ticket.lastMessage} data-testid="ticket-last-message">
      {text}
    </span>
  );
}

function LastContactChip({ updatedAt, now }: { updatedAt: string; now: Date }) {
  const t = useT();
  const since = lastContact(updatedAt, now);
  const text =
    since.unit === 'minutes'
      ? t('tickets.row.minutesAgo', { count: since.value })
      : since.unit === 'hours'
        ? t('tickets.row.hoursAgo', { count: since.value })
        : t('tickets.row.yesterday');
  return (
    <span className="chip" data-age={since.unit} data-testid="ticket-last-contact">
      {text}
    </span>
  );
}

interface RowAction {
  key: string;
  label: MessageKey;
  icon: typeof LuCheck;
  palette: 'green' | 'red' | 'orange' | 'blue' | 'gray';
  run: () => void;
}

/** The row buttons by status; the less frequent ones sit in the row's menu. */
function useRowActions(ticket: Ticket, canDelete: boolean): { main: RowAction[]; more: RowAction[] } {
  const actions = useTicketActions();
  const main: RowAction[] = [];
  const more: RowAction[] = [];
  const transfer: RowAction = { key: 'transfer', label: 'tickets.action.transfer', icon: LuArrowRightLeft, palette: 'gray', run: () => actions.transfer(ticket) };
  const resolve: RowAction = { key: 'resolve', label: 'tickets.action.resolve', icon: LuCircleCheckBig, palette: 'green', run: () => actions.resolve(ticket, true) };
  switch (ticket.status) {
    case 'pending':
      main.push({ key: 'accept', label: 'tickets.action.accept', icon: LuCheck, palette: 'green', run: () => actions.accept(ticket) });
      main.push({ key: 'ignore', label: 'tickets.action.ignore', icon: LuX, palette: 'red', run: () => actions.ignore(ticket) });
      more.push(transfer);
      break;
    case 'open':
      main.push({ key: 'return', label: 'tickets.action.return', icon: LuUndo2, palette: 'orange', run: () => actions.returnToQueue(ticket) });
      main.push(resolve);
      more.push(transfer);
      break;
    case 'group':
      if (ticket.userId === null) main.push({ key: 'start', label: 'tickets.action.start', icon: LuPlay, palette: 'green', run: () => actions.start(ticket) });
      else main.push(resolve);
      more.push(transfer);
      break;
    case 'closed':
      main.push({ key: 'reopen', label: 'tickets.action.reopen', icon: LuRotateCcw, palette: 'blue', run: () => actions.reopen(ticket) });
      break;
  }
  if (canDelete) more.push({ key: 'delete', label: 'tickets.action.delete', icon: LuTrash2, palette: 'red', run: () => actions.remove(ticket) });
  return { main, more };
}

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The row's menu of less frequent actions. The menu machinery starts on the first click, not when the row
 * mounts: a scrolling list mounts rows every frame, and almost none of them is ever opened.
 */
function MoreActions({ ticketId, actions, disabled }: { ticketId: number; actions: RowAction[]; disabled: boolean }) {
  const t = useT();
  const [active, setActive] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger: ReactElement = (
    <button
      type="button"
      className="tr-btn"
      aria-label={t('tickets.row.more')}
      title={t('tickets.row.more')}
      disabled={disabled}
      data-testid={`ticket-more-${ticketId}`}
      onClick={
        active
          ? undefined
          : () => {
              setActive(true);
              setOpen(true);
            }
      }
    >
      <LuEllipsisVertical />
    </button>
  );
  if (!active) return trigger;
  return (
    <Menu.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) => {
              const Icon = action.icon;
              return (
                <Menu.Item key={action.key} value={action.key} onClick={action.run} color={action.palette === 'red' ? 'fg.error' : undefined} data-testid={`ticket-${action.key}-${ticketId}`}>
                  <Icon />
                  {t(action.label)}
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function RowActions({ ticket, canDelete }: { ticket: Ticket; canDelete: boolean }) {
  const t = useT();
  const { busy } = useTicketActions();
  const { main, more } = useRowActions(ticket, canDelete);
  const working = busy.has(ticket.id);
  return (
    <span className="tr-actions" onClick={stop}>
      {main.map((action) => {
        const Icon = action.icon;
        return (
          <button
            key={action.key}
            type="button"
            className="tr-btn"
            data-palette={action.palette}
            aria-label={t(action.label)}
            title={t(action.label)}
            disabled={working}
            onClick={action.run}
            data-testid={`ticket-${action.key}-${ticket.id}`}
          >
            <Icon />
          </button>
        );
      })}
      {more.length > 0 && <MoreActions ticketId={ticket.id} actions={more} disabled={working} />}
    </span>
  );
}

export interface TicketRowProps {
  ticket: Ticket;
  selected: boolean;
  now: Date;
  canDelete: boolean;
  onOpen: (ticket: Ticket) => void;
}

/** One ticket of the list; styled by `ticketRowStyles` on the list. */
export const TicketRow = memo(function TicketRow({ ticket, selected, now, canDelete, onOpen }: TicketRowProps) {
  const t = useT();
  const contactName = ticket.contact?.name ?? '';
  const picture = ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined;
  const [firstTag, ...otherTags] = ticket.tags;
  const ChannelIcon = channelIcons[ticket.channel] ?? LuMessageCircle;
  return (
    <div
      className="tr"
      role="button"
      tabIndex={0}
      style={ticket.queue ? { borderInlineStartColor: ticket.queue.color } : undefined}
      onClick={() => onOpen(ticket)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(ticket);
      }}
      aria-current={selected ? 'true' : undefined}
      data-testid={`ticket-row-${ticket.id}`}
      data-status={ticket.status}
    >
      <RowPicture name={contactName} src={picture} />
      <div className="tr-body">
        <div className="tr-line">
          <span className="tr-icon" data-channel={ticket.channel} title={t('tickets.row.channel', { channel: ticket.channel })} data-testid="ticket-channel">
            <ChannelIcon size="14" />
          </span>
          {ticket.isGroup && (
            <span className="tr-icon" title={t('tickets.row.group')} data-testid="ticket-group-icon">
              <LuUsers size="14" />
            </span>
          )}
          {ticket.isBot && (
            // isBot: the bot is still talking to the contact (consent, queue menu, chatbot options); nobody has it yet.
            <span className="tr-icon" data-bot="" role="img" aria-label={t('tickets.row.bot')} title={t('tickets.row.bot')} data-testid="ticket-bot-icon">
              <LuBot size="14" />
            </span>
          )}
          <span className="tr-name" title={contactName} data-testid="ticket-contact-name">
            {cut(contactName)}
          </span>
          <TicketRating ticket={ticket} testId="ticket-rating" />
          <span className="tr-time" data-unread={ticket.unreadMessages > 0} data-testid="ticket-time">
            {formatTicketTime(ticket.updatedAt, now)}
          </span>
        </div>
        <div className="tr-line">
          <LastMessage ticket={ticket} />
          {ticket.unreadMessages > 0 && (
            <span className="tr-unread" data-testid="ticket-unread">
              {ticket.unreadMessages}
            </span>
          )}
        </div>
        <div className="tr-line">
          <span className="tr-chips">
            <span
              className="chip"
              data-kind="solid"
              style={ticket.queue ? { background: ticket.queue.color } : undefined}
              title={ticket.queue?.name ?? t('tickets.noQueue')}
              data-testid="ticket-queue"
            >
              {ticket.queue ? queueChipText(ticket.queue.name) : t('tickets.noQueue')}
            </span>
            {ticket.user && (
              <span className="chip" data-kind="outline" title={ticket.user.name} data-testid="ticket-user">
                {ticket.user.name}
              </span>
            )}
            {firstTag && (
              <span className="chip" data-kind="solid" style={{ background: firstTag.color }} title={ticket.tags.map((tag) => tag.name).join(', ')} data-testid="ticket-tag">
                {firstTag.name}
              </span>
            )}
            {otherTags.length > 0 && (
              <span className="chip" data-testid="ticket-more-tags">
                +{otherTags.length}
              </span>
            )}
            <LastContactChip updatedAt={ticket.updatedAt} now={now} />
          </span>
          <RowActions ticket={ticket} canDelete={canDelete} />
        </div>
      </div>
    </div>
  );
});

/** Placeholder rows while the first page loads. */
export function TicketRowSkeleton() {
  return (
    <Flex h={`${ROW_HEIGHT}px`} px="3" py="2" gap="3" align="center" borderBottomWidth="1px" data-testid="ticket-skeleton">
      <SkeletonCircle size="10" flexShrink="0" />
      <SkeletonText noOfLines={3} flex="1" gap="2" />
    </Flex>
  );
}
