import { lazy } from '../../i18n/lazy';
import { LuCodeXml } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const MessagesApiPage = lazy(() => import('./MessagesApiPage'));

/** The messages API's documentation and test form: the plan's useExternalApi, for administrators. */
export const messagesApiRoutes: AppRoute[] = [
  screen('messagesApi', '/messages-api', MessagesApiPage, { area: 'messagesApi', planFlag: 'useExternalApi' }, { icon: LuCodeXml, group: 'admin', order: 150 }),
];
