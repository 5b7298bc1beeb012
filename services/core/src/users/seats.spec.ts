import type { UserSeatEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { userSeats } from './seats';

const taken = (userId: number, limit = 3): UserSeatEvent => ({ type: 'UserSeatTaken', data: { companyId: 2, userId, limit } });
const freed = (userId: number): UserSeatEvent => ({ type: 'UserSeatFreed', data: { companyId: 2, userId } });
const take = (userId: number, activeUserIds: number[], limit = 3) => ({ type: 'TakeUserSeat' as const, companyId: 2, userId, limit, activeUserIds });

describe('user seats (the plan user limit)', () => {
  it('seats a user while the company is under its limit', () => {
    spec(userSeats)
      .given([])
      .when(take(10, [1, 2]))
      .then([taken(10)]);
  });

  it('refuses the user past the limit, counting users the read model lists', () => {
    spec(userSeats)
      .given([])
      .when(take(10, [1, 2, 3]))
      .thenThrows('ERR_PLAN_USER_LIMIT', { limit: 3 });
  });

  it('counts users seated here that the read model does not list yet (two creations racing for the last seat)', () => {
    spec(userSeats)
      .given([taken(10)])
      .when(take(11, [1, 2]))
      .thenThrows('ERR_PLAN_USER_LIMIT');
  });

  it('counts a user listed by the read model and seated here once', () => {
    spec(userSeats)
      .given([taken(10)])
      .when(take(11, [1, 10]))
      .then([taken(11)]);
  });

  it('does not count a freed user the read model still lists', () => {
    spec(userSeats)
      .given([taken(10), freed(2)])
      .when(take(11, [1, 2, 10]))
      .then([taken(11)]);
  });

  it('is idempotent for a user already seated', () => {
    spec(userSeats)
      .given([taken(10)])
      .when(take(10, [1, 2, 10]))
      .then([]);
  });

  it('frees a seat once', () => {
    spec(userSeats)
      .given([taken(10)])
      .when({ type: 'FreeUserSeat', companyId: 2, userId: 10 })
      .then([freed(10)]);
    spec(userSeats)
      .given([taken(10), freed(10)])
      .when({ type: 'FreeUserSeat', companyId: 2, userId: 10 })
      .then([]);
  });

  it('frees a user seated before the guard existed (a first admin), which then stops counting', () => {
    spec(userSeats)
      .given([freed(1)])
      .when(take(11, [1, 2, 3]))
      .thenState((state) => expect([...state.seated]).toEqual([11]));
  });
});
