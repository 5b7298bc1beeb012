import { describe, expect, it } from 'vitest';
import { emptyIntegrationForm, integrationRequestOf, validateIntegrationForm } from './integrationForm';
import { applyQueueIntegrationFrame } from './socket';

describe('the integration form', () => {
  it('starts with the typebot defaults of the spec (1000 ms, 1 minute)', () => {
    expect(emptyIntegrationForm()).toMatchObject({ type: 'typebot', typebotDelayMessage: '1000', typebotExpires: '1', language: 'pt-BR' });
  });

  it('asks what each type needs, with the dialog texts', () => {
    const base = { ...emptyIntegrationForm(), name: 'Fluxo' };
    expect(validateIntegrationForm({ ...base, name: 'F' }).name).toBe('integrations.validation.tooShort');
    expect(validateIntegrationForm(base)).toMatchObject({ urlN8N: 'integrations.validation.required', typebotSlug: 'integrations.validation.required' });
    expect(validateIntegrationForm({ ...base, type: 'webhook', urlN8N: 'ftp://x' }).urlN8N).toBe('integrations.validation.url');
    expect(validateIntegrationForm({ ...base, type: 'n8n', urlN8N: 'https://n8n.example/webhook/1' })).toEqual({});
    const dialogflow = { ...base, type: 'dialogflow' as const, projectName: 'agente' };
    expect(validateIntegrationForm(dialogflow).jsonContent).toBe('integrations.validation.json');
    // Editing with a stored key: an empty field keeps it.
    expect(validateIntegrationForm(dialogflow, true)).toEqual({});
    expect(validateIntegrationForm({ ...dialogflow, jsonContent: '{"client_email":"a@b","private_key":"k"}' })).toEqual({});
    expect(validateIntegrationForm({ ...base, urlN8N: 'http://t', typebotSlug: 's', typebotDelayMessage: '70000' }).typebotDelayMessage).toBe(
      'integrations.validation.delay',
    );
  });

  it('sends numbers as numbers and trims the name and url', () => {
    const request = integrationRequestOf({ ...emptyIntegrationForm(), name: ' Fluxo ', urlN8N: ' http://t ', typebotSlug: 's' });
    expect(request).toMatchObject({ name: 'Fluxo', urlN8N: 'http://t', typebotDelayMessage: 1000, typebotExpires: 1 });
  });

  it('applies queueIntegration frames to the loaded list', () => {
    const row = { id: 2, name: 'B' } as never;
    const page = { queueIntegrations: [{ id: 1, name: 'A' } as never], hasMore: false };
    expect(applyQueueIntegrationFrame(page, { action: 'create', queueIntegration: row }).queueIntegrations.map((r) => r.id)).toEqual([1, 2]);
    expect(applyQueueIntegrationFrame(page, { action: 'delete', integrationId: 1 }).queueIntegrations).toEqual([]);
  });
});
