import { lazy } from '../../i18n/lazy';
import { LuSiren } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * /plantao: the on-duty attendants, an administration screen (the server answers admins only). Menu order 175:
 * the spec's menu list puts on-duty right before users (180).
 */
export const onDutyRoutes: AppRoute[] = [
  {
    id: 'onDuty',
    path: '/plantao',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./OnDutyPage')),
    guard: { area: 'onDuty' },
    menu: { labelKey: 'menu.onDuty', icon: LuSiren, group: 'admin', order: 175 },
  },
];
