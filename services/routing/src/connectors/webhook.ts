import { ConnectorError, type WebhookAnswer, type WebhookPort } from '@conversa/core';
import { request, type HttpOptions } from './http';

/** Words of an answer that give the conversation to a person (`{"action":"transfer"}` does too). */
const HAND_OVER_ACTIONS = new Set(['transfer', 'handover', 'human', 'atendente', 'transferir']);

/**
 * n8n and plain webhooks: the message is POSTed as JSON; the answer may be a text, or JSON with
 * `reply`/`replies`/`text`/`message`/`output` (n8n's AI agent names it output) and `handOver: true`
 * or `action: "transfer"` to give the conversation to a person. 204 or an empty body: nothing to say.
 * The URL is the company's: its address is guarded (see request()).
 */
export function createWebhookHttp(options: HttpOptions = {}): WebhookPort {
  return {
    async post(url, payload) {
      const response = await request(
        'webhook',
        url,
        { headers: { 'content-type': 'application/json', 'user-agent': 'Conversa-Bot/1' }, body: JSON.stringify(payload) },
        options,
        true,
      );
      const text = await response.text();
      return answerOf(text, response.headers.get('content-type') ?? '');
    },
  };
}

export function answerOf(text: string, contentType: string): WebhookAnswer {
  if (text.trim() === '') return { replies: [], handOver: false };
  if (!contentType.includes('json')) return { replies: [text.trim()], handOver: false };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ConnectorError('webhook', 'answer', 'webhook: the answer says JSON but is not');
  }
  // n8n answers the last node's items as an array.
  const record = (Array.isArray(body) ? body[0] : body) as Record<string, unknown> | undefined;
  if (!record || typeof record !== 'object') return { replies: typeof body === 'string' ? [body] : [], handOver: false };
  const list = record.replies ?? record.reply ?? record.text ?? record.message ?? record.output;
  const replies = (Array.isArray(list) ? list : [list]).filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  const action = typeof record.action === 'string' ? record.action.toLowerCase() : '';
  return { replies, handOver: record.handOver === true || HAND_OVER_ACTIONS.has(action) };
}
