import { z } from 'zod';
import { Count32Param, RecordIdParam } from '../common/bounds';
import { WebhookDescription, WebhookEvents, WebhookUrl } from './events';

/** POST /webhooks. */
export const CreateWebhookRequest = z.object({ url: WebhookUrl, events: WebhookEvents, description: WebhookDescription.default('') });
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** PUT /webhooks/{id}: the fields given change. */
export const UpdateWebhookRequest = z.object({
  url: WebhookUrl.optional(),
  events: WebhookEvents.optional(),
  description: WebhookDescription.optional(),
  active: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

export const WebhookIdParams = z.object({ id: RecordIdParam });
export const WebhookDeliveryParams = z.object({ id: RecordIdParam, deliveryId: z.uuid() });

/** GET /webhooks/{id}/deliveries: pages of WEBHOOK_DELIVERIES_PAGE_SIZE, newest first. */
export const ListWebhookDeliveriesQuery = z.object({ pageNumber: Count32Param.pipe(z.number().min(1)).default(1) });
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuery>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
