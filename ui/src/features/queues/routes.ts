import { lazy } from '../../i18n/lazy';
import { LuListTree } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const QueuesPage = lazy(() => import('./QueuesPage'));

/**
 * /queues: an administration screen, so admins and the users whose allowConnections
 * opens the administration section; only admins see the add, edit and delete buttons (the API refuses the others).
 * Menu order 190: the spec's menu list in steps of 10, after users.
 */
export const queueRoutes: AppRoute[] = [screen('queues', '/queues', QueuesPage, { area: 'queues' }, { icon: LuListTree, group: 'admin', order: 190 })];
