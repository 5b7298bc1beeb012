import { lazy } from '../../i18n/lazy';
import { LuActivity, LuFileChartColumn } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const ReportsPage = lazy(() => import('./reports/ReportsPage'));
const MomentsPage = lazy(() => import('./moments/MomentsPage'));

/**
 * The tickets report (admin, or a user with showDashboard) and the moments board (admin, or a user with
 * allowRealTime); the dashboard itself is `/` (features/home). Menu: after the dashboard, before tickets.
 */
export const dashboardRoutes: AppRoute[] = [
  screen('reports', '/reports', ReportsPage, { area: 'dashboard' }, { icon: LuFileChartColumn, group: 'main', order: 10 }),
  screen('moments', '/moments', MomentsPage, { area: 'moments' }, { icon: LuActivity, group: 'main', order: 20 }),
];
