import { lazy } from '../../i18n/lazy';
import { LuSettings } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /settings: company settings for admins (the API answers GET /settings to admins only). Last of the administration menu. */
export const settingRoutes: AppRoute[] = [
  {
    id: 'settings',
    path: '/settings',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./SettingsPage')),
    guard: { area: 'settings' },
    menu: { labelKey: 'menu.settings', icon: LuSettings, group: 'admin', order: 250 },
  },
];
