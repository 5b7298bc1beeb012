import { lazy } from '../../i18n/lazy';
import { LuWebhook } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const WebhooksPage = lazy(() => import('./WebhooksPage'));

/** /webhooks: the company's webhook endpoints and their deliveries, for admins (the API answers admins only). Beside the settings in the administration menu. */
export const webhookRoutes: AppRoute[] = [screen('webhooks', '/webhooks', WebhooksPage, { area: 'webhooks' }, { icon: LuWebhook, group: 'admin', order: 245 })];
