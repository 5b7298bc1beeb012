import { ConnectorError, type TypebotPort, type TypebotTurn } from '@conversa/core';
import { postJson, trimSlash, type HttpOptions } from './http';

interface TypebotAnswer {
  sessionId?: string;
  messages?: Array<{ type: string; content?: { type?: string; markdown?: string; richText?: unknown; url?: string } }>;
  input?: unknown;
}

/** Text of a bubble: markdown as asked; rich text flattened; media bubbles send their URL. */
function bubbleText(message: NonNullable<TypebotAnswer['messages']>[number]): string | null {
  const content = message.content ?? {};
  if (message.type === 'text') {
    if (typeof content.markdown === 'string') return content.markdown;
    if (content.richText !== undefined) return flatten(content.richText).trim();
    return null;
  }
  return typeof content.url === 'string' ? content.url : null;
}

function flatten(node: unknown): string {
  if (Array.isArray(node)) return node.map(flatten).join(node.every((n) => typeof n === 'object' && n !== null && 'children' in n) ? '\n' : '');
  if (node && typeof node === 'object') {
    const record = node as { text?: unknown; children?: unknown };
    if (typeof record.text === 'string') return record.text;
    return flatten(record.children ?? []);
  }
  return '';
}

function turnOf(answer: TypebotAnswer, sessionId: string | null): TypebotTurn {
  if (!answer || typeof answer !== 'object') throw new ConnectorError('typebot', 'answer', 'typebot: empty answer');
  const messages = (answer.messages ?? []).map(bubbleText).filter((text): text is string => text !== null && text.trim() !== '');
  return { sessionId: answer.sessionId ?? sessionId, messages, awaitsInput: answer.input !== undefined && answer.input !== null };
}

/** Typebot's public chat API (v1): start a session on the flow's public id, then continue it. The base URL is the company's (address guarded). */
export function createTypebotHttp(options: HttpOptions = {}): TypebotPort {
  return {
    async startChat({ baseUrl, publicId, message, variables }) {
      const body = { message: { type: 'text', text: message }, textBubbleContentFormat: 'markdown', ...(variables ? { prefilledVariables: variables } : {}) };
      const answer = await postJson<TypebotAnswer>(
        'typebot',
        `${trimSlash(baseUrl)}/api/v1/typebots/${encodeURIComponent(publicId)}/startChat`,
        body,
        options,
        {},
        true,
      );
      if (typeof answer?.sessionId !== 'string') throw new ConnectorError('typebot', 'answer', 'typebot: startChat answered no sessionId');
      return turnOf(answer, null);
    },
    async continueChat({ baseUrl, sessionId, message }) {
      const body = { message: { type: 'text', text: message }, textBubbleContentFormat: 'markdown' };
      return turnOf(
        await postJson<TypebotAnswer>(
          'typebot',
          `${trimSlash(baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
          body,
          options,
          {},
          true,
        ),
        sessionId,
      );
    },
  };
}
