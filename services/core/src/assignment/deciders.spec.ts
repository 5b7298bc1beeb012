import type { QueueWorkEvent, UserStatusEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { ticketSla } from '../sla/breach';
import { queueWork, ticketLine, userStatus } from './deciders';

const changed = (status: 'online' | 'away' | 'offline', reason: 'chosen' | 'disconnected' | 'reconnected'): UserStatusEvent => ({
  type: 'UserStatusChanged',
  data: { userId: 4, status, reason },
});
const settings = {
  autoAssign: true,
  positionStep: 3,
  priorityTagIds: [9, 2],
  capacities: [
    { userId: 8, capacity: 5 },
    { userId: 3, capacity: 2 },
  ],
  firstResponseMinutes: 15,
  resolutionMinutes: null,
};

describe('user status', () => {
  it('records a chosen status once', () => {
    spec(userStatus)
      .given([])
      .when({ type: 'ChooseUserStatus', userId: 4, status: 'online' })
      .then([changed('online', 'chosen')]);
    spec(userStatus)
      .given([changed('online', 'chosen')])
      .when({ type: 'ChooseUserStatus', userId: 4, status: 'online' })
      .then([]);
  });

  it('makes an online attendant away when her sockets went, and online again when one comes back', () => {
    spec(userStatus)
      .given([changed('online', 'chosen')])
      .when({ type: 'MarkUserDisconnected', userId: 4 })
      .then([changed('away', 'disconnected')]);
    spec(userStatus)
      .given([changed('online', 'chosen'), changed('away', 'disconnected')])
      .when({ type: 'MarkUserReconnected', userId: 4 })
      .then([changed('online', 'reconnected')]);
  });

  it('leaves a chosen away or offline alone on a disconnection or a reconnection', () => {
    spec(userStatus)
      .given([changed('away', 'chosen')])
      .when({ type: 'MarkUserReconnected', userId: 4 })
      .then([]);
    spec(userStatus)
      .given([changed('offline', 'chosen')])
      .when({ type: 'MarkUserDisconnected', userId: 4 })
      .then([]);
    spec(userStatus)
      .given([changed('offline', 'chosen')])
      .when({ type: 'MarkUserReconnected', userId: 4 })
      .then([]);
  });

  it('puts a user who never chose a status online when her first socket connects', () => {
    spec(userStatus)
      .given([])
      .when({ type: 'MarkUserReconnected', userId: 4 })
      .then([changed('online', 'reconnected')]);
  });
});

describe('queue work settings', () => {
  it('records the settings in a canonical order, and nothing when they did not change', () => {
    const recorded: QueueWorkEvent = {
      type: 'QueueWorkSettingsSet',
      data: {
        queueId: 6,
        ...settings,
        priorityTagIds: [2, 9],
        capacities: [
          { userId: 3, capacity: 2 },
          { userId: 8, capacity: 5 },
        ],
      },
    };
    spec(queueWork).given([]).when({ type: 'SetQueueWork', queueId: 6, settings }).then([recorded]);
    spec(queueWork).given([recorded]).when({ type: 'SetQueueWork', queueId: 6, settings }).then([]);
  });
});

describe('line position told', () => {
  const told = (position: number) => ({ type: 'TicketLinePositionTold' as const, data: { ticketId: 5, queueId: 6, position, estimateMinutes: 10 } });
  const tell = (position: number) => ({ type: 'TellLinePosition' as const, ticketId: 5, queueId: 6, position, estimateMinutes: 10, step: 3 });
  it('tells the first place, then again only when it moved by more than the step', () => {
    spec(ticketLine)
      .given([])
      .when(tell(12))
      .then([told(12)]);
    spec(ticketLine)
      .given([told(12)])
      .when(tell(9))
      .then([]);
    spec(ticketLine)
      .given([told(12)])
      .when(tell(8))
      .then([told(8)]);
  });
  it('always tells her when she becomes first, even after a move within the step, and once only', () => {
    spec(ticketLine)
      .given([told(3)])
      .when(tell(1))
      .then([told(1)]);
    spec(ticketLine)
      .given([told(3), told(1)])
      .when(tell(1))
      .then([]);
  });
});

describe('SLA breach', () => {
  it('records each clock once', () => {
    const breach = { ticketId: 5, queueId: 6, userId: null, clock: 'firstResponse' as const, dueAt: '2026-12-07T11:00:00.000Z' };
    spec(ticketSla)
      .given([])
      .when({ type: 'RecordSlaBreach', ...breach })
      .then([{ type: 'TicketSlaBreached', data: breach }]);
    spec(ticketSla)
      .given([{ type: 'TicketSlaBreached', data: breach }])
      .when({ type: 'RecordSlaBreach', ...breach })
      .then([]);
  });
});
