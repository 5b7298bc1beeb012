import { lazy } from '../../i18n/lazy';
import { LuMegaphone } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const AnnouncementsPage = lazy(() => import('./AnnouncementsPage'));

/** /announcements: the super user's (menu order 115, with the campaign items, before the messages API). */
export const announcementRoutes: AppRoute[] = [
  screen('announcements', '/announcements', AnnouncementsPage, { area: 'announcements' }, { icon: LuMegaphone, group: 'main', order: 115 }),
];
