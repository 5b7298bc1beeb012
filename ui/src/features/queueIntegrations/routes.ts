import { lazy } from '../../i18n/lazy';
import { LuPlug } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /queue-integration: an administration screen on the plan's useIntegrations; menu order 210, after prompts. */
export const queueIntegrationRoutes: AppRoute[] = [
  {
    id: 'queueIntegrations',
    path: '/queue-integration',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./QueueIntegrationsPage')),
    guard: { area: 'queueIntegrations', planFlag: 'useIntegrations' },
    menu: { labelKey: 'menu.queueIntegrations', icon: LuPlug, group: 'admin', order: 210 },
  },
];
