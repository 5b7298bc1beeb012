import { lazy } from '../../i18n/lazy';
import { LuPlug } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const QueueIntegrationsPage = lazy(() => import('./QueueIntegrationsPage'));

/** /queue-integration: an administration screen on the plan's useIntegrations; menu order 210, after prompts. */
export const queueIntegrationRoutes: AppRoute[] = [
  screen(
    'queueIntegrations',
    '/queue-integration',
    QueueIntegrationsPage,
    { area: 'queueIntegrations', planFlag: 'useIntegrations' },
    { icon: LuPlug, group: 'admin', order: 210 },
  ),
];
