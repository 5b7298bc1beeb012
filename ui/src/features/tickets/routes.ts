import { lazy } from '../../i18n/lazy';
import { LuMessagesSquare } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const TicketsPage = lazy(() => import('./TicketsPage'), 'core');

/** /tickets/:ticketId? (a ticket uuid): the conversations screen, where login lands. */
export const ticketRoutes: AppRoute[] = [
  screen('tickets', '/tickets/:ticketId?', TicketsPage, { area: 'tickets' }, { icon: LuMessagesSquare, group: 'main', order: 30, to: '/tickets' }),
];
