import { serviceAccountOf, type BotConnectorRef } from '@conversa/contracts';
import {
  BOT_MARK,
  ConnectorError,
  type ChatMessage,
  type ConnectorOutcome,
  type Connectors,
  type ExistingTicket,
  type RoutingContact,
  type SecretBox,
} from '@conversa/core';
import { conversationTail } from '@conversa/projections/messages/queries';
import { storedPrompt, type StoredPrompt } from '@conversa/projections/prompts/queries';
import { storedQueueIntegration, type StoredQueueIntegration } from '@conversa/projections/queueIntegrations/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import type { Kysely } from 'kysely';

/** What one question to a connector needs. */
export interface Question {
  companyId: number;
  ticket: ExistingTicket;
  contact: RoutingContact;
  connector: BotConnectorRef;
  message: { messageId: string; body: string; mediaType: string };
  first: boolean;
  previousAt: string | null;
  at: string;
  /** The conversation id the bot kept (Typebot's session). */
  sessionId: string | null;
}

/** A connector's answer: the outcome to record, the pause between its texts, and audio to send. */
export interface Answer {
  outcome: ConnectorOutcome;
  delayMs: number;
  audio?: { bytes: Uint8Array; text: string };
}

export interface AnswerDeps {
  db: Kysely<ReadDatabase>;
  connectors: Connectors;
  secrets: SecretBox;
}

/** The phrase an AI prompt is told to answer with when a person should take over. */
export const AI_HAND_OVER_PHRASE = 'Ação: Transferir para o setor de atendimento';
const AI_HAND_OVER = /a[çc][ãa]o:\s*transferir para o setor de atendimento/i;
/** A contact asking for a person, in the words people use. */
export const ASKS_FOR_PERSON = /\b(atendente|humano|pessoa|falar com algu[ée]m|human|agent)\b/i;
/** A Typebot text bubble that hands the conversation over. */
const TYPEBOT_TRANSFER = /^#?(transferir|atendente)$/i;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function answerQuestion(deps: AnswerDeps, question: Question): Promise<Answer> {
  if (question.connector.kind === 'prompt') {
    const prompt = await storedPrompt(deps.db, question.companyId, question.connector.id);
    if (!prompt) throw new ConnectorError('ai', 'answer', `prompt ${question.connector.id} no longer exists`);
    return answerWithPrompt(deps, question, prompt);
  }
  const integration = await storedQueueIntegration(deps.db, question.companyId, question.connector.id);
  if (!integration) throw new ConnectorError('webhook', 'answer', `integration ${question.connector.id} no longer exists`);
  switch (integration.type) {
    case 'typebot':
      return answerWithTypebot(deps, question, integration);
    case 'dialogflow':
      return answerWithDialogflow(deps, question, integration);
    default:
      return answerWithWebhook(deps, question, integration);
  }
}

async function answerWithWebhook(deps: AnswerDeps, q: Question, integration: StoredQueueIntegration): Promise<Answer> {
  const answer = await deps.connectors.webhook.post(integration.urlN8N, {
    event: 'message',
    companyId: q.companyId,
    ticket: { id: q.ticket.ticketId, uuid: q.ticket.uuid, status: q.ticket.status, queueId: q.ticket.queueId },
    contact: { id: q.contact.id, name: q.contact.name, number: q.contact.number },
    message: { id: q.message.messageId, body: q.message.body, mediaType: q.message.mediaType, fromMe: false },
    integration: { id: integration.id, name: integration.name, type: integration.type === 'n8n' ? 'n8n' : 'webhook' },
  });
  return { outcome: { replies: answer.replies, handOver: answer.handOver ? { reason: 'connector', queueId: null, notice: false } : null }, delayMs: 0 };
}

async function answerWithTypebot(deps: AnswerDeps, q: Question, integration: StoredQueueIntegration): Promise<Answer> {
  const text = q.message.body.trim();
  const delayMs = integration.typebotDelayMessage;
  if (integration.typebotKeywordFinish !== '' && same(text, integration.typebotKeywordFinish)) {
    return { outcome: { replies: [], sessionId: null, handOver: { reason: 'connector', queueId: null, notice: true } }, delayMs };
  }
  if (integration.typebotKeywordRestart !== '' && same(text, integration.typebotKeywordRestart)) {
    return { outcome: { replies: integration.typebotRestartMessage.trim() ? [integration.typebotRestartMessage] : [], sessionId: null }, delayMs };
  }
  // typebotExpires minutes without a message end the session: the next message starts the flow again.
  const expired = integration.typebotExpires > 0 && q.previousAt !== null && Date.parse(q.at) - Date.parse(q.previousAt) > integration.typebotExpires * 60_000;
  const start = () =>
    deps.connectors.typebot.startChat({
      baseUrl: integration.urlN8N,
      publicId: integration.typebotSlug,
      message: text,
      variables: { number: q.contact.number, pushName: q.contact.name, ticketId: String(q.ticket.ticketId) },
    });
  let turn;
  if (q.first || q.sessionId === null || expired) turn = await start();
  else {
    try {
      turn = await deps.connectors.typebot.continueChat({ baseUrl: integration.urlN8N, sessionId: q.sessionId, message: text });
    } catch (error) {
      // Typebot forgot the session (it ended or expired there): a new one begins.
      if (!(error instanceof ConnectorError) || error.status !== 404) throw error;
      turn = await start();
    }
  }
  const transfer = turn.messages.some((message) => TYPEBOT_TRANSFER.test(message.trim()));
  const replies = turn.messages.filter((message) => !TYPEBOT_TRANSFER.test(message.trim()));
  if (replies.length === 0 && turn.awaitsInput && !transfer && integration.typebotUnknownMessage.trim() !== '') replies.push(integration.typebotUnknownMessage);
  const ended = transfer || !turn.awaitsInput;
  return {
    outcome: { replies, sessionId: ended ? null : turn.sessionId, handOver: ended ? { reason: 'connector', queueId: null, notice: false } : null },
    delayMs,
  };
}

async function answerWithDialogflow(deps: AnswerDeps, q: Question, integration: StoredQueueIntegration): Promise<Answer> {
  const credentials = serviceAccountOf(deps.secrets.open(integration.jsonContent));
  if (!credentials) throw new ConnectorError('dialogflow', 'credentials', 'dialogflow: the stored key is not a service account');
  const answer = await deps.connectors.dialogflow.detectIntent({
    credentials,
    projectId: integration.projectName,
    sessionId: `ticket-${q.ticket.ticketId}`,
    text: q.message.body || '.',
    languageCode: integration.language,
  });
  return { outcome: { replies: answer.texts, handOver: answer.handOver ? { reason: 'connector', queueId: null, notice: false } : null }, delayMs: 0 };
}

async function answerWithPrompt(deps: AnswerDeps, q: Question, prompt: StoredPrompt): Promise<Answer> {
  const queueId = q.ticket.queueId === prompt.queueId ? null : prompt.queueId;
  if (ASKS_FOR_PERSON.test(q.message.body)) return { outcome: { replies: [], handOver: { reason: 'connector', queueId, notice: true } }, delayMs: 0 };
  const messages = await promptMessages(deps.db, q, prompt);
  const text = await deps.connectors.ai.complete({
    apiKey: deps.secrets.open(prompt.apiKey),
    messages,
    temperature: prompt.temperature,
    maxTokens: prompt.maxTokens,
  });
  const handOver = AI_HAND_OVER.test(text);
  const reply = text.replace(AI_HAND_OVER, '').trim();
  const outcome: ConnectorOutcome = { replies: reply ? [reply] : [], handOver: handOver ? { reason: 'connector', queueId, notice: reply === '' } : null };
  if (prompt.voice === 'texto' || reply === '' || prompt.voiceKey === '') return { outcome, delayMs: 0 };
  const bytes = await deps.connectors.speech.synthesize({
    region: prompt.voiceRegion,
    key: deps.secrets.open(prompt.voiceKey),
    voice: prompt.voice,
    text: reply,
  });
  return { outcome, delayMs: 0, audio: { bytes, text: reply } };
}

/** The prompt, the rule for handing over, and the conversation's last maxMessages (the new one last). */
export async function promptMessages(
  db: Kysely<ReadDatabase>,
  q: Pick<Question, 'companyId' | 'ticket' | 'contact' | 'message'>,
  prompt: Pick<StoredPrompt, 'prompt' | 'maxMessages'>,
): Promise<ChatMessage[]> {
  const tail = await conversationTail(db, q.companyId, q.ticket.ticketId, prompt.maxMessages);
  const history: ChatMessage[] = tail
    .filter((m) => m.body.trim() !== '')
    .map((m) => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body.replaceAll(BOT_MARK, '') }));
  const last = history.at(-1);
  // The message may not be in the read model yet: it is the question, so it goes last.
  if (q.message.body.trim() !== '' && !(last?.role === 'user' && last.content === q.message.body)) history.push({ role: 'user', content: q.message.body });
  const system = `${prompt.prompt}\n\nVocê está conversando com ${q.contact.name || 'o cliente'}. Se o cliente pedir para falar com um atendente humano, ou se você não souber responder, responda apenas: "${AI_HAND_OVER_PHRASE}".`;
  return [{ role: 'system', content: system }, ...history.slice(-prompt.maxMessages)];
}
