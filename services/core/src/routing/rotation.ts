import type { QueueRotationEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { nextUserInTurn } from './timers';

export type QueueRotation = { lastUserId: number | null };

export type QueueRotationCommand = { type: 'TakeTurn'; queueId: number; ticketId: number; onlineUserIds: number[] };

/**
 * Whose turn it is in a queue with rotation on (stream `queuerotation-<queueId>`): each waiting
 * ticket goes to the next online user of the queue after the last one served. The expected
 * revision makes two tickets racing for a turn go to two users in order, never both to one.
 */
export const queueRotation: Decider<QueueRotation, QueueRotationCommand, QueueRotationEvent> = {
  initialState: () => ({ lastUserId: null }),
  evolve: (_state, event) => ({ lastUserId: event.data.userId }),
  decide(state, command) {
    const userId = nextUserInTurn(command.onlineUserIds, state.lastUserId);
    return userId === null ? [] : [{ type: 'QueueRotationAdvanced', data: { queueId: command.queueId, ticketId: command.ticketId, userId } }];
  },
};
