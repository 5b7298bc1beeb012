import { lazy } from '../../i18n/lazy';
import { LuUsers } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * /users: an administration screen, so admins, the users whose allowConnections opens
 * the administration section, and supervisors, who manage users without setting profiles or queues
 * (contracts/src/users/access.ts; the server enforces the same). Menu order 180: the spec's menu list
 * in steps of 10, before queues.
 */
export const userRoutes: AppRoute[] = [
  {
    id: 'users',
    path: '/users',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./UsersPage')),
    guard: { area: 'users' },
    menu: { labelKey: 'menu.users', icon: LuUsers, group: 'admin', order: 180 },
  },
];
