import { lazy } from '../../i18n/lazy';
import { LuZap } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /quick-messages: every user's quick replies (own and general ones). Menu order 40: after tickets, as the side menu lists them. */
export const quickMessageRoutes: AppRoute[] = [
  {
    id: 'quick-messages',
    path: '/quick-messages',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./QuickMessagesPage')),
    guard: { area: 'quickMessages' },
    menu: { labelKey: 'menu.quickMessages', icon: LuZap, group: 'main', order: 40 },
  },
];
