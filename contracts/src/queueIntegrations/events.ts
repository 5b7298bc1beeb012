import { z } from 'zod';
import type { EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { INT32_MAX, safeText } from '../common/bounds';

/** The services a queue integration connects to. */
export const QueueIntegrationType = z.enum(['dialogflow', 'n8n', 'webhook', 'typebot']);
export type QueueIntegrationType = z.infer<typeof QueueIntegrationType>;

/** Dialogflow agent languages the dialog offers. */
export const DialogflowLanguage = z.enum(['pt-BR', 'en', 'es']);
export type DialogflowLanguage = z.infer<typeof DialogflowLanguage>;

/** Typebot defaults (spec 2 §9): 1000 ms between messages, a session expires after 1 minute idle. */
export const TYPEBOT_DEFAULT_DELAY_MS = 1000;
export const TYPEBOT_DEFAULT_EXPIRES_MINUTES = 1;

/**
 * A queue integration as recorded. `jsonContent` (Dialogflow's service-account key) is stored sealed
 * (`enc:v1:…`, AES-GCM with the server's SECRETS_KEY): the log never holds the key in the clear.
 */
export const QueueIntegrationDetails = z.object({
  type: QueueIntegrationType,
  name: safeText().min(1).max(50),
  projectName: safeText().max(200),
  jsonContent: safeText().max(20_000),
  /** The key's client_email, read before sealing: the screen shows it instead of the key. */
  credentialsHint: safeText().max(320).nullable(),
  language: DialogflowLanguage,
  urlN8N: safeText().max(2_000),
  typebotSlug: safeText().max(200),
  typebotExpires: z.number().int().min(0).max(INT32_MAX),
  typebotDelayMessage: z.number().int().min(0).max(INT32_MAX),
  typebotKeywordFinish: safeText().max(100),
  typebotKeywordRestart: safeText().max(100),
  typebotUnknownMessage: safeText().max(4_000),
  typebotRestartMessage: safeText().max(4_000),
});
export type QueueIntegrationDetails = z.infer<typeof QueueIntegrationDetails>;

export const {
  created: QueueIntegrationCreated,
  changed: QueueIntegrationChanged,
  deleted: QueueIntegrationDeleted,
} = recordEvents('QueueIntegration', 'integrationId', QueueIntegrationDetails);

export const queueIntegrationEvents = [QueueIntegrationCreated, QueueIntegrationChanged, QueueIntegrationDeleted];

export type QueueIntegrationEvent = EventUnion<typeof queueIntegrationEvents>;

export const queueIntegrationStream = (integrationId: number) => `queueintegration-${integrationId}`;
