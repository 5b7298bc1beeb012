import type { PromptVoice } from './events';

/** A prompt as the API and the `prompt` frames show it: keys masked (`sk-…abcd`), never whole. */
export interface PromptView {
  id: number;
  companyId: number;
  name: string;
  /** The key's first 3 and last 4 characters around an ellipsis; '' when none is stored. */
  apiKey: string;
  prompt: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
  queueId: number;
  queue: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /prompt. */
export interface PromptPage {
  prompts: PromptView[];
}

/** POST /tickets/{id}/ai/suggest: a draft the attendant edits before sending. */
export interface AiSuggestion {
  text: string;
}
