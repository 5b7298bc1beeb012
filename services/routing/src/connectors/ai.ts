import { ConnectorError, type ChatCompletionPort, type SpeechPort } from '@conversa/core';
import { postJson, request, trimSlash, type HttpOptions } from './http';

export interface AiOptions extends HttpOptions {
  /** AI_API_URL: any OpenAI-compatible server (OpenAI, a local model behind llama.cpp, Ollama, vLLM …). */
  apiUrl?: string;
  /** AI_MODEL. */
  model?: string;
}

export const DEFAULT_AI_API_URL = 'https://api.openai.com/v1';
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

/** OpenAI-compatible chat completions. */
export function createChatCompletionHttp(options: AiOptions = {}): ChatCompletionPort {
  const url = `${trimSlash(options.apiUrl ?? DEFAULT_AI_API_URL)}/chat/completions`;
  return {
    async complete({ apiKey, messages, temperature, maxTokens }) {
      const answer = await postJson<{ choices?: Array<{ message?: { content?: string | null } }> }>(
        'ai',
        url,
        { model: options.model ?? DEFAULT_AI_MODEL, messages, temperature, max_tokens: maxTokens },
        options,
        { authorization: `Bearer ${apiKey}` },
      );
      const text = answer?.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || text.trim() === '') throw new ConnectorError('ai', 'answer', 'ai: the completion has no text');
      return text.trim();
    },
  };
}

export interface SpeechOptions extends HttpOptions {
  /** TTS_URL: `{region}` is replaced by the prompt's voice region (Azure's regional endpoint by default). */
  urlTemplate?: string;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Azure Cognitive Services text to speech (SSML in, MP3 out). */
export function createSpeechHttp(options: SpeechOptions = {}): SpeechPort {
  const template = options.urlTemplate ?? 'https://{region}.tts.speech.microsoft.com/cognitiveservices/v1';
  return {
    async synthesize({ region, key, voice, text }) {
      if (!/^[a-z0-9-]+$/.test(region) || key === '') throw new ConnectorError('speech', 'credentials', 'speech: the voice key and region are required');
      const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice xml:lang='pt-BR' name='${voice}'>${escapeXml(text)}</voice></speak>`;
      const response = await request(
        'speech',
        template.replace('{region}', region),
        {
          headers: {
            'Ocp-Apim-Subscription-Key': key,
            'content-type': 'application/ssml+xml',
            'X-Microsoft-OutputFormat': 'audio-16khz-32kbitrate-mono-mp3',
            'user-agent': 'Conversa',
          },
          body: ssml,
        },
        options,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length === 0) throw new ConnectorError('speech', 'answer', 'speech: empty audio');
      return bytes;
    },
  };
}
