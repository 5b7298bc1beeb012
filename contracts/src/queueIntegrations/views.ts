import type { DialogflowLanguage, QueueIntegrationType } from './events';

/**
 * A queue integration as the API and the `queueIntegration` frames show it. The Dialogflow key is
 * never answered: `jsonContent` is empty and `credentialsHint` names the service account it holds.
 */
export interface QueueIntegrationView {
  id: number;
  companyId: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: '';
  /** The service account's client_email, or null when no key is stored. */
  credentialsHint: string | null;
  language: DialogflowLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /queueIntegration. */
export interface QueueIntegrationPage {
  queueIntegrations: QueueIntegrationView[];
  hasMore: boolean;
}

/** POST /queueIntegration/testSession: what the service answered, or why it did not. */
export interface IntegrationTestResult {
  ok: boolean;
  /** The service's reply texts (fulfilment, flow messages, webhook answer). */
  messages: string[];
  /** Why the test failed (timeout, HTTP status, refused credentials). */
  error: string | null;
}
