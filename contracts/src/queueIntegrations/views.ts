import { z } from 'zod';
import { DialogflowLanguage, QueueIntegrationType } from './events';
import { companyRecord, timestamps } from '../common/views';

/**
 * A queue integration as the API and the `queueIntegration` frames show it. The Dialogflow key is
 * never answered: `jsonContent` is empty and `credentialsHint` names the service account it holds.
 */
export const QueueIntegrationView = z.object({
  ...companyRecord,
  type: QueueIntegrationType,
  name: z.string(),
  projectName: z.string(),
  jsonContent: z.literal(''),
  /** The service account's client_email, or null when no key is stored. */
  credentialsHint: z.string().nullable(),
  language: DialogflowLanguage,
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotRestartMessage: z.string(),
  ...timestamps,
});
export type QueueIntegrationView = z.infer<typeof QueueIntegrationView>;

/** GET /queueIntegration. */
export const QueueIntegrationPage = z.object({ queueIntegrations: z.array(QueueIntegrationView), hasMore: z.boolean() });
export type QueueIntegrationPage = z.infer<typeof QueueIntegrationPage>;

/** POST /queueIntegration/testSession: what the service answered, or why it did not. */
export const IntegrationTestResult = z.object({
  ok: z.boolean(),
  /** The service's reply texts (fulfilment, flow messages, webhook answer). */
  messages: z.array(z.string()),
  /** Why the test failed (timeout, HTTP status, refused credentials). */
  error: z.string().nullable(),
});
export type IntegrationTestResult = z.infer<typeof IntegrationTestResult>;
