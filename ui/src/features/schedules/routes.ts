import { lazy } from '../../i18n/lazy';
import { LuCalendarClock } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const SchedulesPage = lazy(() => import('./SchedulesPage'));

/** /schedules: scheduled messages, for companies whose plan has useSchedules. Menu order 80: after contacts, as the side menu lists them. */
export const scheduleRoutes: AppRoute[] = [
  screen('schedules', '/schedules', SchedulesPage, { area: 'schedules', planFlag: 'useSchedules' }, { icon: LuCalendarClock, group: 'main', order: 80 }),
];
