import { lazy } from '../../i18n/lazy';
import { LuBuilding2 } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /companies: super users only; the last item of the menu, after settings. */
export const companyRoutes: AppRoute[] = [
  {
    id: 'companies',
    path: '/companies',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./CompaniesPage')),
    guard: { area: 'companies' },
    menu: { labelKey: 'menu.companies', icon: LuBuilding2, group: 'admin', order: 260 },
  },
];
