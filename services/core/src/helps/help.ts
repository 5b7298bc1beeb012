import { DomainError, type HelpDetails, type HelpEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

/** A help entry: title, description and video, kept by the super user for every company. */
export type Help = { status: 'none' } | { status: 'active' | 'deleted'; helpId: number; details: HelpDetails };

export type HelpCommand =
  | { type: 'CreateHelp'; helpId: number; details: HelpDetails }
  | { type: 'ChangeHelp'; changes: Partial<HelpDetails> }
  | { type: 'DeleteHelp' };

export const help: Decider<Help, HelpCommand, HelpEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'HelpCreated') {
      const { helpId, ...details } = event.data;
      return { status: 'active', helpId, details };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'HelpChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'HelpDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    if (command.type === 'CreateHelp') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Help entry already exists');
      return [{ type: 'HelpCreated', data: { helpId: command.helpId, ...command.details } }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NOT_FOUND', 'Help entry not found');
    switch (command.type) {
      case 'ChangeHelp': {
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'HelpChanged', data: { helpId: state.helpId, changes } }];
      }
      case 'DeleteHelp':
        return [{ type: 'HelpDeleted', data: { helpId: state.helpId } }];
    }
  },
};
