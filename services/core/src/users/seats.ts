import { DomainError, streams, type UserSeatEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

/** Users that took a seat through this stream and have not freed it; users freed here (the read model may still list them). */
export type UserSeats = { seated: ReadonlySet<number>; freed: ReadonlySet<number> };

export type UserSeatsCommand =
  /**
   * `activeUserIds`: the company's users as the read model lists them when the command is issued.
   * Users created before this guard existed (a company's first admin) are counted through it; users
   * seated here but not yet in the read model are counted through the stream, so two concurrent
   * creations cannot both take the last seat.
   */
  | { type: 'TakeUserSeat'; companyId: number; userId: number; limit: number; activeUserIds: readonly number[] }
  | { type: 'FreeUserSeat'; companyId: number; userId: number };

/** Guard aggregate per company (stream `userseats-<companyId>`): the plan's user limit under concurrency. */
export const userSeats: Decider<UserSeats, UserSeatsCommand, UserSeatEvent> = {
  initialState: () => ({ seated: new Set(), freed: new Set() }),
  evolve(state, event) {
    const seated = new Set(state.seated);
    const freed = new Set(state.freed);
    if (event.type === 'UserSeatTaken') {
      seated.add(event.data.userId);
      freed.delete(event.data.userId);
    } else {
      seated.delete(event.data.userId);
      freed.add(event.data.userId);
    }
    return { seated, freed };
  },
  decide(state, command) {
    switch (command.type) {
      case 'TakeUserSeat': {
        if (state.seated.has(command.userId)) return [];
        const occupied = new Set([...command.activeUserIds.filter((id) => !state.freed.has(id)), ...state.seated]);
        occupied.delete(command.userId);
        if (occupied.size >= command.limit) throw new DomainError('ERR_PLAN_USER_LIMIT', undefined, { limit: command.limit });
        return [{ type: 'UserSeatTaken', data: { companyId: command.companyId, userId: command.userId, limit: command.limit } }];
      }
      case 'FreeUserSeat':
        return state.freed.has(command.userId) ? [] : [{ type: 'UserSeatFreed', data: { companyId: command.companyId, userId: command.userId } }];
    }
  },
};

/** Kept under its old name: core and tests import it from here. */
export const userSeatsStream = streams.userSeats;
