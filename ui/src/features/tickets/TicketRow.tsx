import { Flex, SkeletonCircle, SkeletonText, type SystemStyleObject } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { LuBot, LuMessageCircle, LuUsers } from 'react-icons/lu';
import { useT } from '../../i18n';
import { cut, formatTicketTime, lastContact, lastMessageKind, queueChipText, shownContactName } from './format';
import { usePresence } from './presence';
import { TicketRating } from './TicketRating';
import { RowActions } from './TicketRowActions';
import type { Ticket } from './types';
import type { TicketSlaView } from '@conversa/contracts';
import { shortDuration, slaBadge } from './sla';
import { CHANNEL_COLORS, CHANNEL_ICONS } from '../../shared/channelIcons';
import { messagePreview } from '../../shared/whatsappText';

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
  ...Object.fromEntries(Object.entries(CHANNEL_COLORS).map(([channel, color]) => [`& .tr-icon[data-channel=${channel}]`, { color }])),
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
  '& .chip[data-sla=ok]': { bg: 'blue.subtle', color: 'blue.fg' },
  '& .chip[data-sla=paused]': { bg: 'gray.subtle', color: 'gray.fg' },
  '& .chip[data-sla=warning]': { bg: 'orange.solid', color: 'orange.contrast' },
  '& .chip[data-sla=breached]': { bg: 'red.solid', color: 'red.contrast' },
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
  const text = kind === 'location' ? t('tickets.row.location') : kind === 'contact' ? t('tickets.row.contactCard') : cut(messagePreview(ticket.lastMessage));
  return (
    <span className="tr-msg" title={messagePreview(ticket.lastMessage)} data-testid="ticket-last-message">
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

export interface TicketRowProps {
  ticket: Ticket;
  selected: boolean;
  now: Date;
  canDelete: boolean;
  onOpen: (ticket: Ticket) => void;
  /** Its running SLA clock, if its queue sets a target. */
  sla?: TicketSlaView;
}

/** Time left on the ticket's SLA clock: amber at 20 % left, red once breached (with the overrun). */
function SlaChip({ clock, now }: { clock: TicketSlaView; now: Date }) {
  const t = useT();
  const badge = slaBadge(clock, now);
  const time = shortDuration(badge.minutes);
  return (
    <span
      className="chip"
      data-sla={badge.tone}
      title={t(clock.clock === 'firstResponse' ? 'tickets.sla.firstResponse' : 'tickets.sla.resolution', { minutes: clock.targetMinutes })}
      data-testid="ticket-sla"
    >
      {t(badge.tone === 'breached' ? 'tickets.sla.breached' : badge.tone === 'paused' ? 'tickets.sla.paused' : 'tickets.sla.left', { time })}
    </span>
  );
}

/** One ticket of the list; styled by `ticketRowStyles` on the list. */
export const TicketRow = memo(function TicketRow({ ticket, selected, now, canDelete, onOpen, sla }: TicketRowProps) {
  const t = useT();
  const contactName = shownContactName(ticket, (id) => t('tickets.contactRemoved', { id }));
  const picture = ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined;
  const [firstTag, ...otherTags] = ticket.tags;
  const ChannelIcon = CHANNEL_ICONS[ticket.channel] ?? LuMessageCircle;
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
              <span
                className="chip"
                data-kind="solid"
                style={{ background: firstTag.color }}
                title={ticket.tags.map((tag) => tag.name).join(', ')}
                data-testid="ticket-tag"
              >
                {firstTag.name}
              </span>
            )}
            {otherTags.length > 0 && (
              <span className="chip" data-testid="ticket-more-tags">
                +{otherTags.length}
              </span>
            )}
            <LastContactChip updatedAt={ticket.updatedAt} now={now} />
            {sla && <SlaChip clock={sla} now={now} />}
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
