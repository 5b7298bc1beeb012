import { describe, expect, it } from 'vitest';
import { servingPromptId } from './serving';

describe('the prompt serving a ticket', () => {
  const prompts = [
    { id: 4, queueId: 1 },
    { id: 7, queueId: 1 },
    { id: 9, queueId: 2 },
  ];
  it('is the ticket’s own prompt, else the newest of its queue, else none (never another queue’s)', () => {
    expect(servingPromptId({ promptId: 9, queueId: 1 }, prompts)).toBe(9);
    expect(servingPromptId({ promptId: null, queueId: 1 }, prompts)).toBe(7);
    expect(servingPromptId({ promptId: 99, queueId: 2 }, prompts)).toBe(9);
    expect(servingPromptId({ promptId: null, queueId: 3 }, prompts)).toBeNull();
    expect(servingPromptId({ promptId: null, queueId: null }, prompts)).toBeNull();
  });
});
