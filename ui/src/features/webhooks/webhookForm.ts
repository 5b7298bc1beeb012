import { webhookEventNames, type CreateWebhookRequest, type WebhookEventNameValue, type WebhookView } from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';

export interface WebhookFormValues {
  url: string;
  /** Every event (`*`), or the ones chosen. */
  all: boolean;
  events: string[];
  description: string;
  active: boolean;
}

export type WebhookField = 'url' | 'events' | 'description';

export const eventNames: readonly string[] = webhookEventNames;

export const emptyWebhookForm = (): WebhookFormValues => ({ url: '', all: true, events: [], description: '', active: true });

export const webhookFormOf = (webhook: WebhookView): WebhookFormValues => ({
  url: webhook.url,
  all: webhook.events.includes('*'),
  events: webhook.events.filter((name) => name !== '*'),
  description: webhook.description,
  active: webhook.active,
});

/** The API's rules: an http(s) address of at most 2000 characters, at least one event, a description of at most 500. */
export function validateWebhookForm(values: WebhookFormValues): FieldErrors<WebhookField> {
  const errors: FieldErrors<WebhookField> = {};
  const url = values.url.trim();
  if (url === '') errors.url = 'webhooks.validation.required';
  else {
    let valid = false;
    try {
      const parsed = new URL(url);
      valid = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && url.length <= 2000;
    } catch {
      valid = false;
    }
    if (!valid) errors.url = 'webhooks.validation.url';
  }
  if (!values.all && values.events.length === 0) errors.events = 'webhooks.validation.events';
  if (values.description.length > 500) errors.description = 'webhooks.validation.description';
  return errors;
}

export const webhookRequestOf = (values: WebhookFormValues): Pick<CreateWebhookRequest, 'url' | 'events' | 'description'> => ({
  url: values.url.trim(),
  events: values.all ? ['*'] : (values.events as WebhookEventNameValue[]),
  description: values.description.trim(),
});
