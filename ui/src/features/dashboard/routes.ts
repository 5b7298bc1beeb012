import { lazy } from '../../i18n/lazy';
import { LuActivity, LuFileChartColumn } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * The tickets report (admin, or a user with showDashboard) and the moments board (admin, or a user with
 * allowRealTime); the dashboard itself is `/` (features/home). Menu: after the dashboard, before tickets.
 */
export const dashboardRoutes: AppRoute[] = [
  {
    id: 'reports',
    path: '/reports',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./reports/ReportsPage')),
    guard: { area: 'dashboard' },
    menu: { labelKey: 'menu.reports', icon: LuFileChartColumn, group: 'main', order: 10 },
  },
  {
    id: 'moments',
    path: '/moments',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./moments/MomentsPage')),
    guard: { area: 'moments' },
    menu: { labelKey: 'menu.moments', icon: LuActivity, group: 'main', order: 20 },
  },
];
