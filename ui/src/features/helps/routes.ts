import { lazy } from '../../i18n/lazy';
import { LuCircleHelp } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * /helps: the help videos grid, open to every signed-in user. Menu order 110: the spec's menu
 * list in steps of 10, after internal chats. The helps admin screen is a super tab of /settings.
 */
export const helpRoutes: AppRoute[] = [
  {
    id: 'helps',
    path: '/helps',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./HelpsPage')),
    guard: { area: 'helps' },
    menu: { labelKey: 'menu.helps', icon: LuCircleHelp, group: 'main', order: 110 },
  },
];
