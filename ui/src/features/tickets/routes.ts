import { lazy } from '../../i18n/lazy';
import { LuMessagesSquare } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /tickets/:ticketId? (a ticket uuid): the conversations screen, where login lands. */
export const ticketRoutes: AppRoute[] = [
  {
    id: 'tickets',
    path: '/tickets/:ticketId?',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./TicketsPage'), 'core'),
    guard: { area: 'tickets' },
    menu: { labelKey: 'menu.tickets', icon: LuMessagesSquare, group: 'main', order: 30, to: '/tickets' },
  },
];
