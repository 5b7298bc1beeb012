import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store';
import { NotificationsBell } from '../../shared/NotificationsBell';
import { useT } from '../../i18n';
import { useUnreadTicketsQuery } from './api';
import { belongsInNotifications } from './cache';
import { cut, shownContactName } from './format';
import { useTicketLive } from './live';
import { viewerOfUser } from './types';
import { messagePreview } from '../../shared/whatsappText';

/**
 * The top bar's bell fed with tickets that have unread messages. It keeps the
 * ticket frames flowing on every screen, so it also rings (live.ts) wherever the user is.
 */
export default function TicketNotifications() {
  const t = useT();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.user)!;
  const { data } = useUnreadTicketsQuery();
  useTicketLive();
  const viewer = useMemo(() => viewerOfUser(user), [user]);
  const items = useMemo(
    () =>
      (data ?? [])
        .filter((ticket) => belongsInNotifications(ticket, viewer))
        .map((ticket) => ({
          id: String(ticket.id),
          title: ticket.contact ? shownContactName(ticket, (id) => t('tickets.contactRemoved', { id })) : `#${ticket.id}`,
          description: t('tickets.notifications.item', { count: ticket.unreadMessages, message: cut(messagePreview(ticket.lastMessage)) }),
          onSelect: () => navigate(`/tickets/${ticket.uuid}`),
        })),
    [data, viewer, navigate, t],
  );
  return <NotificationsBell items={items} />;
}
