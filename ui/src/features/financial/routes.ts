import { lazy } from '../../i18n/lazy';
import { LuReceipt } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * Invoices and checkout: /financeiro in the shell (the administration menu), /financeiro-aberto alone (where an
 * expired subscription's login lands, with the invoices to pay its way back in).
 */
export const financialRoutes: AppRoute[] = [
  {
    id: 'financial-overdue',
    path: '/financeiro-aberto',
    access: 'private',
    frame: 'bare',
    component: lazy(() => import('./OverduePage')),
    guard: { area: 'account' },
  },
  {
    id: 'financial',
    path: '/financeiro',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./InvoicesList')),
    guard: { area: 'financial' },
    menu: { labelKey: 'menu.financial', icon: LuReceipt, group: 'admin', order: 230 },
  },
];
