import { lazy } from '../../i18n/lazy';
import { LuMegaphone } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /announcements: the super user's (menu order 115, with the campaign items, before the messages API). */
export const announcementRoutes: AppRoute[] = [
  {
    id: 'announcements',
    path: '/announcements',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./AnnouncementsPage')),
    guard: { area: 'announcements' },
    menu: { labelKey: 'menu.announcements', icon: LuMegaphone, group: 'main', order: 115 },
  },
];
