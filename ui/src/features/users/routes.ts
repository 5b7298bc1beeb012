import { lazy } from '../../i18n/lazy';
import { LuUsers } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const UsersPage = lazy(() => import('./UsersPage'));

/**
 * /users: an administration screen, so admins, the users whose allowConnections opens
 * the administration section, and supervisors, who manage users without setting profiles or queues
 * (contracts/src/users/access.ts; the server enforces the same). Menu order 180: the spec's menu list
 * in steps of 10, before queues.
 */
export const userRoutes: AppRoute[] = [screen('users', '/users', UsersPage, { area: 'users' }, { icon: LuUsers, group: 'admin', order: 180 })];
