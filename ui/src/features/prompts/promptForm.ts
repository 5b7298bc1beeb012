import { PROMPT_DEFAULTS, PROMPT_LIMITS, type CreatePromptRequest, type PromptView, type PromptVoice } from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';

export interface PromptFormValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  temperature: string;
  maxTokens: string;
  maxMessages: string;
}

export type PromptField = keyof PromptFormValues;

/** Spec 3 §9 defaults: max tokens 100, temperature 1, max messages 10, voice texto. */
export const emptyPromptForm = (): PromptFormValues => ({
  name: '',
  apiKey: '',
  prompt: '',
  queueId: '',
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
  temperature: String(PROMPT_DEFAULTS.temperature),
  maxTokens: String(PROMPT_DEFAULTS.maxTokens),
  maxMessages: String(PROMPT_DEFAULTS.maxMessages),
});

/** A prompt being edited: the keys show masked; sent back unchanged they keep the stored ones. */
export const promptFormOf = (view: PromptView): PromptFormValues => ({
  name: view.name,
  apiKey: view.apiKey,
  prompt: view.prompt,
  queueId: String(view.queueId),
  voice: view.voice,
  voiceKey: view.voiceKey,
  voiceRegion: view.voiceRegion,
  temperature: String(view.temperature),
  maxTokens: String(view.maxTokens),
  maxMessages: String(view.maxMessages),
});

const inRange = (value: string, min: number, max: number, integer: boolean) => {
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) && number >= min && number <= max && (!integer || Number.isInteger(number));
};

/** Spec 3 §5: the queue is required ('Informe o setor'); the API's bounds for the numbers. */
export function validatePromptForm(values: PromptFormValues): FieldErrors<PromptField> {
  const errors: FieldErrors<PromptField> = {};
  if (values.queueId === '') errors.queueId = 'prompts.validation.queue';
  if (values.name.trim() === '') errors.name = 'prompts.validation.required';
  if (values.apiKey.trim() === '') errors.apiKey = 'prompts.validation.required';
  if (values.prompt.trim() === '') errors.prompt = 'prompts.validation.required';
  if (!inRange(values.temperature, 0, PROMPT_LIMITS.temperature, false)) errors.temperature = 'prompts.validation.temperature';
  if (!inRange(values.maxTokens, 1, PROMPT_LIMITS.maxTokens, true)) errors.maxTokens = 'prompts.validation.maxTokens';
  if (!inRange(values.maxMessages, 1, PROMPT_LIMITS.maxMessages, true)) errors.maxMessages = 'prompts.validation.maxMessages';
  if (values.voice !== 'texto' && (values.voiceKey.trim() === '' || values.voiceRegion.trim() === '')) errors.voiceKey = 'prompts.validation.voice';
  return errors;
}

export const promptRequestOf = (values: PromptFormValues): CreatePromptRequest => ({
  name: values.name.trim(),
  apiKey: values.apiKey.trim(),
  prompt: values.prompt.trim(),
  queueId: Number(values.queueId),
  voice: values.voice,
  voiceKey: values.voiceKey.trim(),
  voiceRegion: values.voiceRegion.trim(),
  temperature: Number(values.temperature),
  maxTokens: Number(values.maxTokens),
  maxMessages: Number(values.maxMessages),
});
