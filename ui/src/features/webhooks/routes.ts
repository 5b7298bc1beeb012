import { lazy } from '../../i18n/lazy';
import { LuWebhook } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /webhooks: the company's webhook endpoints and their deliveries, for admins (the API answers admins only). Beside the settings in the administration menu. */
export const webhookRoutes: AppRoute[] = [
  {
    id: 'webhooks',
    path: '/webhooks',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./WebhooksPage')),
    guard: { area: 'webhooks' },
    menu: { labelKey: 'menu.webhooks', icon: LuWebhook, group: 'admin', order: 245 },
  },
];
