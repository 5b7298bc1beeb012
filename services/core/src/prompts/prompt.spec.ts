import type { PromptDetails, PromptEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { prompt } from './prompt';

const details: PromptDetails = {
  name: 'Atendente virtual',
  apiKey: 'enc:v1:a:b:c',
  apiKeyHint: 'sk-…abcd',
  prompt: 'Você é o assistente da loja.',
  voice: 'texto',
  voiceKey: '',
  voiceKeyHint: '',
  voiceRegion: '',
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
  queueId: 4,
};
const created: PromptEvent = { type: 'PromptCreated', data: { promptId: 9, ...details } };

describe('prompt decider', () => {
  it('creates a prompt once', () => {
    spec(prompt).given([]).when({ type: 'CreatePrompt', promptId: 9, details }).then([created]);
    spec(prompt).given([created]).when({ type: 'CreatePrompt', promptId: 9, details }).thenThrows('ERR_VALIDATION');
  });

  it('records only what changed', () => {
    spec(prompt)
      .given([created])
      .when({ type: 'ChangePrompt', changes: { maxTokens: 200, voice: 'texto' } })
      .then([{ type: 'PromptChanged', data: { promptId: 9, changes: { maxTokens: 200 } } }]);
  });

  it('deletes, after which it is not found', () => {
    spec(prompt)
      .given([created])
      .when({ type: 'DeletePrompt' })
      .then([{ type: 'PromptDeleted', data: { promptId: 9 } }]);
    spec(prompt)
      .given([])
      .when({ type: 'ChangePrompt', changes: { name: 'x' } })
      .thenThrows('ERR_NO_PROMPT_FOUND');
  });
});
