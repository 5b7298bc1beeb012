import { lazy } from '../../i18n/lazy';
import { LuSparkles } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /prompts: an administration screen on the plan's useOpenAi; menu order 200, between queues and integrations. */
export const promptRoutes: AppRoute[] = [
  {
    id: 'prompts',
    path: '/prompts',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./PromptsPage')),
    guard: { area: 'prompts', planFlag: 'useOpenAi' },
    menu: { labelKey: 'menu.prompts', icon: LuSparkles, group: 'admin', order: 200 },
  },
];
