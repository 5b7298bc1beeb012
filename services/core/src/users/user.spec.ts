import { defaultUserDetails, type UserEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { user, userEmail } from './user';

const details = { ...defaultUserDetails, name: 'Ana', email: 'ana@example.com' };
const created: UserEvent = { type: 'UserCreated', data: { userId: 3, companyId: 2, passwordHash: 'x'.repeat(40), ...details } };

describe('user decider', () => {
  it('creates a user', () => {
    spec(user)
      .given([])
      .when({ type: 'CreateUser', userId: 3, companyId: 2, details, passwordHash: 'x'.repeat(40) })
      .then([created]);
  });

  it('records only the fields that changed', () => {
    spec(user)
      .given([created])
      .when({ type: 'ChangeUserDetails', changes: { name: 'Ana', language: 'en' } })
      .then([{ type: 'UserDetailsChanged', data: { userId: 3, changes: { language: 'en' } } }]);
  });

  it('produces nothing when nothing changed', () => {
    spec(user)
      .given([created])
      .when({ type: 'ChangeUserDetails', changes: { language: 'pt-BR' } })
      .then([]);
  });

  it('refuses changes to a deleted user', () => {
    spec(user)
      .given([created, { type: 'UserDeleted', data: { userId: 3 } }])
      .when({ type: 'ChangeUserDetails', changes: { name: 'Bia' } })
      .thenThrows('ERR_NO_USER_FOUND');
  });
});

describe('user e-mail guard', () => {
  it('lets the first claimant have the address', () => {
    spec(userEmail)
      .given([])
      .when({ type: 'ClaimUserEmail', email: 'a@b.c', userId: 1 })
      .then([{ type: 'UserEmailClaimed', data: { email: 'a@b.c', userId: 1 } }]);
  });

  it('refuses a second claimant', () => {
    spec(userEmail)
      .given([{ type: 'UserEmailClaimed', data: { email: 'a@b.c', userId: 1 } }])
      .when({ type: 'ClaimUserEmail', email: 'a@b.c', userId: 2 })
      .thenThrows('ERR_EMAIL_IN_USE');
  });

  it('frees the address on release', () => {
    spec(userEmail)
      .given([
        { type: 'UserEmailClaimed', data: { email: 'a@b.c', userId: 1 } },
        { type: 'UserEmailReleased', data: { email: 'a@b.c', userId: 1 } },
      ])
      .when({ type: 'ClaimUserEmail', email: 'a@b.c', userId: 2 })
      .then([{ type: 'UserEmailClaimed', data: { email: 'a@b.c', userId: 2 } }]);
  });
});
