import type { QueueWorkEvent, QueueWorkSettings, TicketLineEvent, UserStatus, UserStatusEvent, UserStatusReason } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

export type UserStatusState = { status: UserStatus; reason: UserStatusReason | null };
export type UserStatusCommand =
  | { type: 'ChooseUserStatus'; userId: number; status: UserStatus }
  /** Her sockets went away and the grace passed: an online attendant becomes away. */
  | { type: 'MarkUserDisconnected'; userId: number }
  /** A socket came back: an attendant made away by a disconnection is online again. */
  | { type: 'MarkUserReconnected'; userId: number };

/** Stream `userstatus-<id>`. A user who never chose is offline: assignment waits for her to say she is online. */
export const userStatus: Decider<UserStatusState, UserStatusCommand, UserStatusEvent> = {
  initialState: () => ({ status: 'offline', reason: null }),
  evolve: (_state, event) => ({ status: event.data.status, reason: event.data.reason }),
  decide(state, command) {
    switch (command.type) {
      case 'ChooseUserStatus':
        return state.status === command.status && state.reason === 'chosen'
          ? []
          : [{ type: 'UserStatusChanged', data: { userId: command.userId, status: command.status, reason: 'chosen' } }];
      case 'MarkUserDisconnected':
        return state.status === 'online' ? [{ type: 'UserStatusChanged', data: { userId: command.userId, status: 'away', reason: 'disconnected' } }] : [];
      case 'MarkUserReconnected':
        // Back after the grace, or her first socket ever: a status she never chose starts online.
        return (state.status === 'away' && state.reason === 'disconnected') || state.reason === null
          ? [{ type: 'UserStatusChanged', data: { userId: command.userId, status: 'online', reason: 'reconnected' } }]
          : [];
    }
  },
};

export type QueueWorkState = { settings: QueueWorkSettings | null };
export type QueueWorkCommand = { type: 'SetQueueWork'; queueId: number; settings: QueueWorkSettings };

/** Stream `queuework-<queueId>`: the same settings again record nothing. */
export const queueWork: Decider<QueueWorkState, QueueWorkCommand, QueueWorkEvent> = {
  initialState: () => ({ settings: null }),
  evolve: (_state, event) => {
    const { queueId: _queueId, ...settings } = event.data;
    return { settings };
  },
  decide(state, command) {
    const settings = {
      ...command.settings,
      capacities: [...command.settings.capacities].sort((a, b) => a.userId - b.userId),
      priorityTagIds: [...new Set(command.settings.priorityTagIds)].sort((a, b) => a - b),
    };
    if (state.settings && JSON.stringify(state.settings) === JSON.stringify(settings)) return [];
    return [{ type: 'QueueWorkSettingsSet', data: { queueId: command.queueId, ...settings } }];
  },
};

export type TicketLineState = { told: number | null };
export type TicketLineCommand = { type: 'TellLinePosition'; ticketId: number; queueId: number; position: number; estimateMinutes: number; step: number };

/**
 * Stream `ticketline-<ticketId>`: the contact hears her place once, then again when it moved by more than `step` places,
 * and always when she becomes first (however few places that last move was: "you are next" is the news she waits for).
 */
export const ticketLine: Decider<TicketLineState, TicketLineCommand, TicketLineEvent> = {
  initialState: () => ({ told: null }),
  evolve: (_state, event) => ({ told: event.data.position }),
  decide(state, command) {
    const nowFirst = command.position === 1 && state.told !== 1;
    if (state.told !== null && !nowFirst && Math.abs(state.told - command.position) <= command.step) return [];
    const { ticketId, queueId, position, estimateMinutes } = command;
    return [{ type: 'TicketLinePositionTold', data: { ticketId, queueId, position, estimateMinutes } }];
  },
};
