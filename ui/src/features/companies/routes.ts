import { lazy } from '../../i18n/lazy';
import { LuBuilding2 } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const CompaniesPage = lazy(() => import('./CompaniesPage'));

/** /companies: super users only; the last item of the menu, after settings. */
export const companyRoutes: AppRoute[] = [
  screen('companies', '/companies', CompaniesPage, { area: 'companies' }, { icon: LuBuilding2, group: 'admin', order: 260 }),
];
