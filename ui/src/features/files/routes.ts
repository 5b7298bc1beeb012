import { lazy } from '../../i18n/lazy';
import { LuFiles } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** File lists: sets of files sent together (with a campaign's message); the administration section. */
export const fileRoutes: AppRoute[] = [
  {
    id: 'files',
    path: '/files',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./FilesPage')),
    guard: { area: 'files' },
    menu: { labelKey: 'menu.files', icon: LuFiles, group: 'admin', order: 116 },
  },
];
