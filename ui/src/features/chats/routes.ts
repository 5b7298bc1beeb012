import { lazy } from '../../i18n/lazy';
import { LuMessagesSquare } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /chats/:id? — the internal chat (plan flag useInternalChat); menu order 95, after tags, as the side menu lists it. */
export const chatRoutes: AppRoute[] = [
  {
    id: 'chats',
    path: '/chats/:id?',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./ChatsPage')),
    guard: { area: 'chats', planFlag: 'useInternalChat' },
    menu: { labelKey: 'menu.chats', icon: LuMessagesSquare, group: 'main', order: 95, to: '/chats' },
  },
];
