import { describe, expect, it } from 'vitest';
import { emptyPromptForm, promptRequestOf, validatePromptForm } from './promptForm';
import { applyPromptFrame } from './socket';

describe('the prompt form', () => {
  it('starts with the spec defaults: 100 tokens, temperature 1, 10 messages, voice texto', () => {
    expect(emptyPromptForm()).toMatchObject({ maxTokens: '100', temperature: '1', maxMessages: '10', voice: 'texto' });
  });

  it('requires the sector (Informe o setor) and keeps numbers in bounds', () => {
    const filled = { ...emptyPromptForm(), name: 'Assistente', apiKey: 'sk-1', prompt: 'Você atende.' };
    expect(validatePromptForm(filled)).toEqual({ queueId: 'prompts.validation.queue' });
    const complete = { ...filled, queueId: '3' };
    expect(validatePromptForm(complete)).toEqual({});
    expect(validatePromptForm({ ...complete, temperature: '2.5', maxTokens: '0', maxMessages: '1.5' })).toEqual({
      temperature: 'prompts.validation.temperature',
      maxTokens: 'prompts.validation.maxTokens',
      maxMessages: 'prompts.validation.maxMessages',
    });
    expect(validatePromptForm({ ...complete, voice: 'pt-BR-FranciscaNeural' }).voiceKey).toBe('prompts.validation.voice');
    expect(promptRequestOf(complete)).toMatchObject({ queueId: 3, temperature: 1, maxTokens: 100, maxMessages: 10 });
  });

  it('applies prompt frames in name order', () => {
    const page = { prompts: [{ id: 1, name: 'Zeta' } as never] };
    expect(applyPromptFrame(page, { action: 'create', prompt: { id: 2, name: 'Alfa' } as never }).prompts.map((p) => p.id)).toEqual([2, 1]);
    expect(applyPromptFrame(page, { action: 'delete', promptId: 1 }).prompts).toEqual([]);
  });
});
