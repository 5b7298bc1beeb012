import type { ServiceAccount } from '@conversa/contracts';

/**
 * The services a conversation can be handed to, each a port with an HTTP adapter
 * (services/routing/src/connectors) and a local fake enforcing its request contract (tests, bench).
 * Every call is bounded by a timeout; a refusal or a timeout throws ConnectorError.
 */

/** Why a connector call failed: the bot logs it and hands the ticket to a person. */
export class ConnectorError extends Error {
  constructor(
    readonly connector: 'typebot' | 'webhook' | 'dialogflow' | 'ai' | 'speech',
    /** address: the company's URL leads to a private, loopback or link-local address (OUTBOUND_ALLOW_PRIVATE_URLS not set). */
    readonly reason: 'timeout' | 'http' | 'network' | 'answer' | 'credentials' | 'address',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

/** One Typebot answer: its text bubbles, and whether the flow still waits for an input. */
export interface TypebotTurn {
  sessionId: string | null;
  messages: string[];
  /** false: the flow ended (no input block follows). */
  awaitsInput: boolean;
}

export interface TypebotPort {
  /** POST {baseUrl}/api/v1/typebots/{publicId}/startChat */
  startChat(input: { baseUrl: string; publicId: string; message: string; variables?: Record<string, string> }): Promise<TypebotTurn>;
  /** POST {baseUrl}/api/v1/sessions/{sessionId}/continueChat */
  continueChat(input: { baseUrl: string; sessionId: string; message: string }): Promise<TypebotTurn>;
}

/** What an n8n workflow or a webhook receives for each message of the conversation. */
export interface WebhookPayload {
  event: 'message';
  companyId: number;
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string };
  message: { id: string; body: string; mediaType: string; fromMe: false };
  integration: { id: number; name: string; type: 'n8n' | 'webhook' };
}

/** The endpoint's answer: texts to send, and whether a person takes over now. */
export interface WebhookAnswer {
  replies: string[];
  handOver: boolean;
}

export interface WebhookPort {
  post(url: string, payload: WebhookPayload): Promise<WebhookAnswer>;
}

export interface DialogflowAnswer {
  texts: string[];
  intent: string | null;
  /** The matched intent asks for a person (or ends the interaction). */
  handOver: boolean;
}

export interface DialogflowPort {
  /** POST …/v2/projects/{projectId}/agent/sessions/{sessionId}:detectIntent with a service-account token. */
  detectIntent(input: { credentials: ServiceAccount; projectId: string; sessionId: string; text: string; languageCode: string }): Promise<DialogflowAnswer>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatCompletionPort {
  /** POST {AI_API_URL}/chat/completions; answers the first choice's text. */
  complete(input: { apiKey: string; messages: ChatMessage[]; temperature: number; maxTokens: number }): Promise<string>;
}

export interface SpeechPort {
  /** Azure text to speech: MP3 bytes of `text` in `voice`. */
  synthesize(input: { region: string; key: string; voice: string; text: string }): Promise<Uint8Array>;
}

export interface Connectors {
  typebot: TypebotPort;
  webhook: WebhookPort;
  dialogflow: DialogflowPort;
  ai: ChatCompletionPort;
  speech: SpeechPort;
}
