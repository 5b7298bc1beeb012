import { lazy } from '../../i18n/lazy';
import { LuReceipt } from 'react-icons/lu';
import { bareScreen, screen, type AppRoute } from '../../app/access';

const OverduePage = lazy(() => import('./OverduePage'));
const InvoicesList = lazy(() => import('./InvoicesList'));

/**
 * Invoices and checkout: /financeiro in the shell (the administration menu), /financeiro-aberto alone (where an
 * expired subscription's login lands, with the invoices to pay its way back in).
 */
export const financialRoutes: AppRoute[] = [
  bareScreen('financial-overdue', '/financeiro-aberto', OverduePage, { area: 'account' }),
  screen('financial', '/financeiro', InvoicesList, { area: 'financial' }, { icon: LuReceipt, group: 'admin', order: 230 }),
];
