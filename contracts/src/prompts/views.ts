import { z } from 'zod';
import { PromptVoice } from './events';
import { companyRecord, timestamps } from '../common/views';

/** A prompt as the API and the `prompt` frames show it: keys masked (`sk-…abcd`), never whole. */
export const PromptView = z.object({
  ...companyRecord,
  name: z.string(),
  /** The key's first 3 and last 4 characters around an ellipsis; '' when none is stored. */
  apiKey: z.string(),
  prompt: z.string(),
  voice: PromptVoice,
  voiceKey: z.string(),
  voiceRegion: z.string(),
  temperature: z.number(),
  maxTokens: z.number(),
  maxMessages: z.number(),
  queueId: z.number(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  ...timestamps,
});
export type PromptView = z.infer<typeof PromptView>;

/** GET /prompt. */
export const PromptPage = z.object({ prompts: z.array(PromptView) });
export type PromptPage = z.infer<typeof PromptPage>;

/** POST /tickets/{id}/ai/suggest: a draft the attendant edits before sending. */
export const AiSuggestion = z.object({ text: z.string() });
export type AiSuggestion = z.infer<typeof AiSuggestion>;

/** POST /tickets/{id}/ai/summary: the private note the summary became. */
export const AiSummaryAnswer = z.object({ noteId: z.number() });
