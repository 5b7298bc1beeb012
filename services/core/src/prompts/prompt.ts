import { DomainError, type PromptDetails, type PromptEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type Prompt = { status: 'none' } | { status: 'active' | 'deleted'; promptId: number; details: PromptDetails };

export type PromptCommand =
  | { type: 'CreatePrompt'; promptId: number; details: PromptDetails }
  | { type: 'ChangePrompt'; changes: Partial<PromptDetails> }
  | { type: 'DeletePrompt' };

export const prompt: Decider<Prompt, PromptCommand, PromptEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'PromptCreated') {
      const { promptId, ...details } = event.data;
      return { status: 'active', promptId, details };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'PromptChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'PromptDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    if (command.type === 'CreatePrompt') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Prompt already exists');
      return [{ type: 'PromptCreated', data: { promptId: command.promptId, ...command.details } }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_PROMPT_FOUND');
    switch (command.type) {
      case 'ChangePrompt': {
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'PromptChanged', data: { promptId: state.promptId, changes } }];
      }
      case 'DeletePrompt':
        return [{ type: 'PromptDeleted', data: { promptId: state.promptId } }];
    }
  },
};
