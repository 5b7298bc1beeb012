import { z } from 'zod';
import type { EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { RecordId, safeText } from '../common/bounds';

const id = RecordId;

/** texto answers in text; the others also speak the answer with that Azure neural voice (spec 3 §3). */
export const PromptVoice = z.enum([
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
]);
export type PromptVoice = z.infer<typeof PromptVoice>;

/** Spec 3 §9 defaults. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' } as const;
export const PROMPT_LIMITS = { maxTokens: 32_000, temperature: 2, maxMessages: 100 } as const;

/**
 * An AI prompt as recorded. `apiKey` and `voiceKey` are stored sealed (`enc:v1:…`, AES-GCM with the
 * server's SECRETS_KEY).
 */
export const PromptDetails = z.object({
  name: safeText().min(1).max(100),
  apiKey: safeText().max(2_000),
  /** The key masked before sealing (first 3 and last 4 characters): what the screen shows. */
  apiKeyHint: safeText().max(20),
  prompt: safeText().min(1).max(20_000),
  voice: PromptVoice,
  voiceKey: safeText().max(2_000),
  voiceKeyHint: safeText().max(20),
  voiceRegion: safeText().max(100),
  temperature: z.number().min(0).max(PROMPT_LIMITS.temperature),
  maxTokens: z.number().int().min(1).max(PROMPT_LIMITS.maxTokens),
  maxMessages: z.number().int().min(1).max(PROMPT_LIMITS.maxMessages),
  queueId: id,
});
export type PromptDetails = z.infer<typeof PromptDetails>;

export const { created: PromptCreated, changed: PromptChanged, deleted: PromptDeleted } = recordEvents('Prompt', 'promptId', PromptDetails);

export const promptEvents = [PromptCreated, PromptChanged, PromptDeleted];

export type PromptEvent = EventUnion<typeof promptEvents>;

export const promptStream = (promptId: number) => `prompt-${promptId}`;
