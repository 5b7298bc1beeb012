import { lazy } from '../../i18n/lazy';
import { LuSmartphone } from 'react-icons/lu';
import { bareScreen, screen, type AppRoute } from '../../app/access';

const ConnectionsPage = lazy(() => import('./ConnectionsPage'));
const SandboxPhonePage = lazy(() => import('./SandboxPhonePage'));

/**
 * /connections: an administration screen, open to admins and to users whose
 * allowConnections opens the administration section; only admins get add, edit and delete.
 * /sandbox/:connectionId plays a sandbox connection's contact (a test phone) on its own page.
 */
export const connectionRoutes: AppRoute[] = [
  screen('connections', '/connections', ConnectionsPage, { area: 'connections' }, { icon: LuSmartphone, group: 'admin', order: 170 }),
  bareScreen('sandbox-phone', '/sandbox/:connectionId', SandboxPhonePage, { area: 'connections' }),
];
