import { DomainError, type TagDetails, type TagEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type Tag = { status: 'none' } | { status: 'active' | 'deleted'; tagId: number; details: TagDetails };

export type TagCommand =
  | { type: 'CreateTag'; tagId: number; details: TagDetails; userId: number | null }
  | { type: 'ChangeTag'; changes: Partial<TagDetails> }
  | { type: 'DeleteTag' };

export const tag: Decider<Tag, TagCommand, TagEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'TagCreated') {
      const { tagId, userId: _userId, ...details } = event.data;
      return { status: 'active', tagId, details };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'TagChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'TagDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    if (command.type === 'CreateTag') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Tag already exists');
      return [{ type: 'TagCreated', data: { tagId: command.tagId, ...command.details, userId: command.userId } }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_TAG_FOUND');
    switch (command.type) {
      case 'ChangeTag': {
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'TagChanged', data: { tagId: state.tagId, changes } }];
      }
      case 'DeleteTag':
        return [{ type: 'TagDeleted', data: { tagId: state.tagId } }];
    }
  },
};
