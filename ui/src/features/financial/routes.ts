import { lazy } from 'react';
import type { AppRoute } from '../../app/access';

/** Invoices and checkout (spec 2) are a later issue; until then both paths show the subscription-status screen. */
const OverduePage = lazy(() => import('./OverduePage'));

export const financialRoutes: AppRoute[] = [
  { id: 'financial-overdue', path: '/financeiro-aberto', access: 'private', frame: 'bare', component: OverduePage },
  { id: 'financial', path: '/financeiro', access: 'private', frame: 'bare', component: OverduePage },
];
