import { lazy } from '../../i18n/lazy';
import { LuHouse } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const HomeSwitch = lazy(() => import('./HomeSwitch'));

/**
 * `/` is the dashboard's path (spec 3): the dashboard for an admin or a user with showDashboard, the account
 * summary for everyone else. Open to every signed-in user: the permission-denied redirect goes to `/`, so `/`
 * itself must never be denied.
 */
export const homeRoutes: AppRoute[] = [screen('home', '/', HomeSwitch, { area: 'home' }, { icon: LuHouse, group: 'main', order: 0 })];
