import { lazy } from '../../i18n/lazy';
import { LuCodeXml } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** The messages API's documentation and test form: the plan's useExternalApi, for administrators. */
export const messagesApiRoutes: AppRoute[] = [
  {
    id: 'messagesApi',
    path: '/messages-api',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./MessagesApiPage')),
    guard: { area: 'messagesApi', planFlag: 'useExternalApi' },
    menu: { labelKey: 'menu.messagesApi', icon: LuCodeXml, group: 'admin', order: 150 },
  },
];
