import { lazy } from '../../i18n/lazy';
import { LuSettings } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const SettingsPage = lazy(() => import('./SettingsPage'));

/** /settings: company settings for admins (the API answers GET /settings to admins only). Last of the administration menu. */
export const settingRoutes: AppRoute[] = [
  screen('settings', '/settings', SettingsPage, { area: 'settings' }, { icon: LuSettings, group: 'admin', order: 250 }),
];
