import { lazy } from '../../i18n/lazy';
import { LuSparkles } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const PromptsPage = lazy(() => import('./PromptsPage'));

/** /prompts: an administration screen on the plan's useOpenAi; menu order 200, between queues and integrations. */
export const promptRoutes: AppRoute[] = [
  screen('prompts', '/prompts', PromptsPage, { area: 'prompts', planFlag: 'useOpenAi' }, { icon: LuSparkles, group: 'admin', order: 200 }),
];
