import { lazy } from '../../i18n/lazy';
import { LuSiren } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const OnDutyPage = lazy(() => import('./OnDutyPage'));

/**
 * /plantao: the on-duty attendants, an administration screen (the server answers admins only). Menu order 175:
 * the spec's menu list puts on-duty right before users (180).
 */
export const onDutyRoutes: AppRoute[] = [screen('onDuty', '/plantao', OnDutyPage, { area: 'onDuty' }, { icon: LuSiren, group: 'admin', order: 175 })];
