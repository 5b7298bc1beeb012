import { lazy } from '../../i18n/lazy';
import { LuHouse } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * `/` is the dashboard's path (spec 3): the dashboard for an admin or a user with showDashboard, the account
 * summary for everyone else. Open to every signed-in user: the permission-denied redirect goes to `/`, so `/`
 * itself must never be denied.
 */
export const homeRoutes: AppRoute[] = [
  {
    id: 'home',
    path: '/',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./HomeSwitch')),
    guard: { area: 'home' },
    menu: { labelKey: 'menu.home', icon: LuHouse, group: 'main', order: 0 },
  },
];
