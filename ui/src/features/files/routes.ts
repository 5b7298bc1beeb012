import { lazy } from '../../i18n/lazy';
import { LuFiles } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const FilesPage = lazy(() => import('./FilesPage'));

/** File lists: sets of files sent together (with a campaign's message); the administration section. */
export const fileRoutes: AppRoute[] = [screen('files', '/files', FilesPage, { area: 'files' }, { icon: LuFiles, group: 'admin', order: 116 })];
