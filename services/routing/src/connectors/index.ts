import type { Connectors } from '@conversa/core';
import { createChatCompletionHttp, createSpeechHttp } from './ai';
import { createDialogflowHttp } from './dialogflow';
import { createTypebotHttp } from './typebot';
import { createWebhookHttp } from './webhook';

export * from './http';
export { createGuardedFetch } from './guarded';
export * from './typebot';
export * from './webhook';
export * from './dialogflow';
export * from './ai';

export interface ConnectorConfig {
  timeoutMs?: number;
  /** OUTBOUND_ALLOW_PRIVATE_URLS: companies' URLs (Typebot, n8n, webhook) may lead to private addresses. */
  allowPrivateUrls?: boolean;
  aiApiUrl?: string;
  aiModel?: string;
  dialogflowApiUrl?: string;
  dialogflowTokenUrl?: string;
  ttsUrl?: string;
}

/** The HTTP adapters of every connector. */
export function createHttpConnectors(config: ConnectorConfig = {}): Connectors {
  const http = { timeoutMs: config.timeoutMs };
  return {
    typebot: createTypebotHttp({ ...http, allowPrivateUrls: config.allowPrivateUrls }),
    webhook: createWebhookHttp({ ...http, allowPrivateUrls: config.allowPrivateUrls }),
    dialogflow: createDialogflowHttp({ ...http, apiUrl: config.dialogflowApiUrl, tokenUrl: config.dialogflowTokenUrl }),
    ai: createChatCompletionHttp({ ...http, apiUrl: config.aiApiUrl, model: config.aiModel }),
    speech: createSpeechHttp({ ...http, urlTemplate: config.ttsUrl }),
  };
}

/** AI_API_URL, AI_MODEL, CONNECTOR_TIMEOUT_MS, DIALOGFLOW_API_URL, DIALOGFLOW_TOKEN_URL, TTS_URL, OUTBOUND_ALLOW_PRIVATE_URLS. */
export function connectorConfigFromEnv(env: Record<string, string | undefined>): ConnectorConfig {
  const timeout = Number(env.CONNECTOR_TIMEOUT_MS);
  return {
    ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
    allowPrivateUrls: env.OUTBOUND_ALLOW_PRIVATE_URLS === 'true',
    ...(env.AI_API_URL ? { aiApiUrl: env.AI_API_URL } : {}),
    ...(env.AI_MODEL ? { aiModel: env.AI_MODEL } : {}),
    ...(env.DIALOGFLOW_API_URL ? { dialogflowApiUrl: env.DIALOGFLOW_API_URL } : {}),
    ...(env.DIALOGFLOW_TOKEN_URL ? { dialogflowTokenUrl: env.DIALOGFLOW_TOKEN_URL } : {}),
    ...(env.TTS_URL ? { ttsUrl: env.TTS_URL } : {}),
  };
}
export * from './answer';
export * from './reactor';
