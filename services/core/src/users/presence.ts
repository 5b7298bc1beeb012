import { streams, type UserOfflineReason, type UserPresenceEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

export type UserPresence = { online: boolean };

export type UserPresenceCommand =
  | { type: 'MarkUserOnline'; userId: number }
  /**
   * `lastSeenAt`: the user's last sign of life (the last ping the sweeper saw, or the moment of the logout or of
   * the last socket closing), kept on the event with the reason for whoever reads the history.
   */
  | { type: 'MarkUserOffline'; userId: number; lastSeenAt: string; reason: UserOfflineReason };

/**
 * Online status of one user (stream `userpresence-<id>`): only transitions are recorded, so a ping
 * from a user already online, or a logout, socket close or sweep of a user already offline, appends nothing.
 */
export const userPresence: Decider<UserPresence, UserPresenceCommand, UserPresenceEvent> = {
  initialState: () => ({ online: false }),
  evolve: (_state, event) => ({ online: event.type === 'UserWentOnline' }),
  decide(state, command) {
    switch (command.type) {
      case 'MarkUserOnline':
        return state.online ? [] : [{ type: 'UserWentOnline', data: { userId: command.userId } }];
      case 'MarkUserOffline':
        return state.online ? [{ type: 'UserWentOffline', data: { userId: command.userId, lastSeenAt: command.lastSeenAt, reason: command.reason } }] : [];
    }
  },
};

/** Kept under its old name: core and tests import it from here. */
export const userPresenceStream = streams.userPresence;
