import { lazy } from '../../i18n/lazy';
import { LuZap } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const QuickMessagesPage = lazy(() => import('./QuickMessagesPage'));

/** /quick-messages: every user's quick replies (own and general ones). Menu order 40: after tickets, as the side menu lists them. */
export const quickMessageRoutes: AppRoute[] = [
  screen(
    'quick-messages',
    '/quick-messages',
    QuickMessagesPage,
    { area: 'quickMessages' },
    { labelKey: 'menu.quickMessages', icon: LuZap, group: 'main', order: 40 },
  ),
];
