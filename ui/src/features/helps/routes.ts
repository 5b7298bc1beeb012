import { lazy } from '../../i18n/lazy';
import { LuCircleHelp } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const HelpsPage = lazy(() => import('./HelpsPage'));

/**
 * /helps: the help videos grid, open to every signed-in user. Menu order 110: the spec's menu
 * list in steps of 10, after internal chats. The helps admin screen is a super tab of /settings.
 */
export const helpRoutes: AppRoute[] = [screen('helps', '/helps', HelpsPage, { area: 'helps' }, { icon: LuCircleHelp, group: 'main', order: 110 })];
