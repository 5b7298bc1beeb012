import { z } from 'zod';
import { RecordId, safeText } from '../common/bounds';
import { PROMPT_DEFAULTS, PROMPT_LIMITS, PromptVoice } from './events';

/** Saving a prompt without a queue (spec 3 §5). */
export const PROMPT_QUEUE_REQUIRED = 'Informe o setor';

/** The queue (sector) the prompt answers for: required, a missing or bad one answers 'Informe o setor'. */
const queueId = z.unknown().transform((value, ctx) => {
  const candidate = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  const parsed = RecordId.safeParse(candidate);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: PROMPT_QUEUE_REQUIRED });
    return z.NEVER;
  }
  return parsed.data;
});

const fields = {
  name: safeText({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(100, 'Muito longo!'),
  apiKey: safeText().trim().max(2_000),
  prompt: safeText({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(20_000),
  voice: PromptVoice,
  voiceKey: safeText().trim().max(2_000),
  voiceRegion: safeText()
    .trim()
    .max(100)
    .regex(/^[a-z0-9-]*$/, 'Região inválida'),
  temperature: z.coerce.number().min(0).max(PROMPT_LIMITS.temperature),
  maxTokens: z.coerce.number().int().min(1).max(PROMPT_LIMITS.maxTokens),
  maxMessages: z.coerce.number().int().min(1).max(PROMPT_LIMITS.maxMessages),
};

/** POST /prompt. */
export const CreatePromptRequest = z.object({
  name: fields.name,
  apiKey: fields.apiKey.min(1, 'Obrigatório'),
  prompt: fields.prompt,
  queueId,
  voice: fields.voice.default(PROMPT_DEFAULTS.voice),
  voiceKey: fields.voiceKey.default(''),
  voiceRegion: fields.voiceRegion.default(''),
  temperature: fields.temperature.default(PROMPT_DEFAULTS.temperature),
  maxTokens: fields.maxTokens.default(PROMPT_DEFAULTS.maxTokens),
  maxMessages: fields.maxMessages.default(PROMPT_DEFAULTS.maxMessages),
});
export type CreatePromptRequest = z.infer<typeof CreatePromptRequest>;

/** PUT /prompt/{id}: the fields given change; an apiKey or voiceKey that is empty or still masked keeps the stored one. */
export const UpdatePromptRequest = z.object({
  name: fields.name.optional(),
  apiKey: fields.apiKey.optional(),
  prompt: fields.prompt.optional(),
  queueId: queueId.optional(),
  voice: fields.voice.optional(),
  voiceKey: fields.voiceKey.optional(),
  voiceRegion: fields.voiceRegion.optional(),
  temperature: fields.temperature.optional(),
  maxTokens: fields.maxTokens.optional(),
  maxMessages: fields.maxMessages.optional(),
});
export type UpdatePromptRequest = z.infer<typeof UpdatePromptRequest>;

/** The masked form of a key: first 3 and last 4 characters (short keys show only the ellipsis). */
export function maskSecret(secret: string): string {
  if (secret === '') return '';
  return secret.length <= 10 ? '…' : `${secret.slice(0, 3)}…${secret.slice(-4)}`;
}

/** An edited key field that still shows the mask (or nothing) keeps the stored key. */
export const keepsStoredSecret = (value: string | undefined): boolean => value === undefined || value === '' || value.includes('…');
