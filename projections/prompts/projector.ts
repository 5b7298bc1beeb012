import { recordProjector } from '../records';
import { migratePrompts } from './migration';
import { findPrompt } from './queries';

export const promptsProjector = recordProjector({
  name: 'prompts',
  version: 1,
  table: 'read.prompts',
  migrate: migratePrompts,
  id: 'promptId',
  created: 'PromptCreated',
  changed: 'PromptChanged',
  deleted: 'PromptDeleted',
  scope: 'company',
  deletion: 'flag',
  columns: {
    name: 'name',
    apiKey: 'api_key',
    apiKeyHint: 'api_key_hint',
    prompt: 'prompt',
    voice: 'voice',
    voiceKey: 'voice_key',
    voiceKeyHint: 'voice_key_hint',
    voiceRegion: 'voice_region',
    temperature: 'temperature',
    maxTokens: 'max_tokens',
    maxMessages: 'max_messages',
    queueId: 'queue_id',
  },
  frames: { entity: 'prompt', idKey: 'promptId', viewKey: 'prompt', find: findPrompt },
});
