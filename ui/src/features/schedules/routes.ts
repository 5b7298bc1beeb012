import { lazy } from 'react';
import { LuCalendarClock } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /schedules: scheduled messages, for companies whose plan has useSchedules. Menu order 130: after contacts. */
export const scheduleRoutes: AppRoute[] = [
  {
    id: 'schedules',
    path: '/schedules',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./SchedulesPage')),
    guard: { planFlag: 'useSchedules' },
    menu: { labelKey: 'menu.schedules', icon: LuCalendarClock, group: 'main', order: 130 },
  },
];
