import { lazy } from '../../i18n/lazy';
import { LuSmartphone } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * /connections: an administration screen, open to admins and to users whose
 * allowConnections opens the administration section; only admins get add, edit and delete.
 * /sandbox/:connectionId plays a sandbox connection's contact (a test phone) on its own page.
 */
export const connectionRoutes: AppRoute[] = [
  {
    id: 'connections',
    path: '/connections',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./ConnectionsPage')),
    guard: { area: 'connections' },
    menu: { labelKey: 'menu.connections', icon: LuSmartphone, group: 'admin', order: 170 },
  },
  {
    id: 'sandbox-phone',
    path: '/sandbox/:connectionId',
    access: 'private',
    frame: 'bare',
    component: lazy(() => import('./SandboxPhonePage')),
    guard: { area: 'connections' },
  },
];
