import { describe, expect, it } from 'vitest';
import { emptyWebhookForm, validateWebhookForm, webhookRequestOf } from './webhookForm';

describe('webhook form', () => {
  it('needs an http(s) address and at least one event', () => {
    expect(validateWebhookForm(emptyWebhookForm())).toEqual({ url: 'webhooks.validation.required' });
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: 'ftp://x.test' })).toEqual({ url: 'webhooks.validation.url' });
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: 'https://x.test/h', all: false })).toEqual({ events: 'webhooks.validation.events' });
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: 'https://x.test/h' })).toEqual({});
  });

  it('sends * for every event, or the ones chosen', () => {
    const values = { ...emptyWebhookForm(), url: ' https://x.test/h ', description: ' CRM ' };
    expect(webhookRequestOf(values)).toEqual({ url: 'https://x.test/h', events: ['*'], description: 'CRM' });
    expect(webhookRequestOf({ ...values, all: false, events: ['ticket.created', 'message.received'] })).toMatchObject({
      events: ['ticket.created', 'message.received'],
    });
  });
});
