import { DomainError, streams, type UserDetails, type UserEmailEvent, type UserEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type User = { status: 'none' } | { status: 'active' | 'deleted'; userId: number; companyId: number; details: UserDetails; passwordHash: string };

export type UserCommand =
  | { type: 'CreateUser'; userId: number; companyId: number; details: UserDetails; passwordHash: string }
  | { type: 'ChangeUserDetails'; changes: Partial<UserDetails> }
  | { type: 'ChangeUserPassword'; passwordHash: string }
  | { type: 'DeleteUser' };

export const user: Decider<User, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'UserCreated') {
      const { userId, companyId, passwordHash, ...details } = event.data;
      // A user recorded without a phone has none (''), as the read model shows it: sending '' back changes nothing.
      return { status: 'active', userId, companyId, details: { ...details, phone: details.phone ?? '' }, passwordHash };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'UserDetailsChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'UserPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'UserDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'CreateUser':
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'User already exists');
        return [
          { type: 'UserCreated', data: { userId: command.userId, companyId: command.companyId, passwordHash: command.passwordHash, ...command.details } },
        ];
      case 'ChangeUserDetails': {
        if (state.status !== 'active') throw new DomainError('ERR_NO_USER_FOUND');
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'UserDetailsChanged', data: { userId: state.userId, changes } }];
      }
      case 'ChangeUserPassword':
        if (state.status !== 'active') throw new DomainError('ERR_NO_USER_FOUND');
        return [{ type: 'UserPasswordChanged', data: { userId: state.userId, passwordHash: command.passwordHash } }];
      case 'DeleteUser':
        if (state.status !== 'active') throw new DomainError('ERR_NO_USER_FOUND');
        return [{ type: 'UserDeleted', data: { userId: state.userId } }];
    }
  },
};

export type UserEmail = { ownerId: number | null };
export type UserEmailCommand = { type: 'ClaimUserEmail'; email: string; userId: number } | { type: 'ReleaseUserEmail'; email: string; userId: number };

/** Guard aggregate per e-mail address: concurrent sign-ups with one address → exactly one wins. */
export const userEmail: Decider<UserEmail, UserEmailCommand, UserEmailEvent> = {
  initialState: () => ({ ownerId: null }),
  evolve(_state, event) {
    return { ownerId: event.type === 'UserEmailClaimed' ? event.data.userId : null };
  },
  decide(state, command) {
    switch (command.type) {
      case 'ClaimUserEmail':
        if (state.ownerId === command.userId) return [];
        if (state.ownerId !== null) throw new DomainError('ERR_EMAIL_IN_USE');
        return [{ type: 'UserEmailClaimed', data: { email: command.email, userId: command.userId } }];
      case 'ReleaseUserEmail':
        return state.ownerId === command.userId ? [{ type: 'UserEmailReleased', data: { email: command.email, userId: command.userId } }] : [];
    }
  },
};

/** Kept under its old name: core and tests import it from here. */
export const userEmailStream = streams.userEmail;
