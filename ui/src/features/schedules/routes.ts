import { lazy } from '../../i18n/lazy';
import { LuCalendarClock } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /schedules: scheduled messages, for companies whose plan has useSchedules. Menu order 80: after contacts, as the side menu lists them. */
export const scheduleRoutes: AppRoute[] = [
  {
    id: 'schedules',
    path: '/schedules',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./SchedulesPage')),
    guard: { area: 'schedules', planFlag: 'useSchedules' },
    menu: { labelKey: 'menu.schedules', icon: LuCalendarClock, group: 'main', order: 80 },
  },
];
