import { lazy } from 'react';
import { LuBuilding2 } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /companies (spec 2 §2): super users only; the last item of the menu (spec 1 §2), after settings. */
export const companyRoutes: AppRoute[] = [
  {
    id: 'companies',
    path: '/companies',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./CompaniesPage')),
    guard: { role: 'super' },
    menu: { labelKey: 'menu.companies', icon: LuBuilding2, group: 'admin', order: 260 },
  },
];
