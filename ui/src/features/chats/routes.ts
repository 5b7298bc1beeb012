import { lazy } from '../../i18n/lazy';
import { LuMessagesSquare } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const ChatsPage = lazy(() => import('./ChatsPage'));

/** /chats/:id? — the internal chat (plan flag useInternalChat); menu order 95, after tags, as the side menu lists it. */
export const chatRoutes: AppRoute[] = [
  screen('chats', '/chats/:id?', ChatsPage, { area: 'chats', planFlag: 'useInternalChat' }, { icon: LuMessagesSquare, group: 'main', order: 95, to: '/chats' }),
];
