import type { UserPresenceEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { userPresence } from './presence';

const lastSeenAt = '2026-01-15T11:40:00.000Z';
const online: UserPresenceEvent = { type: 'UserWentOnline', data: { userId: 4 } };
const offline = (reason: 'pings-stopped' | 'logout' | 'sockets-closed'): UserPresenceEvent => ({
  type: 'UserWentOffline',
  data: { userId: 4, lastSeenAt, reason },
});

describe('user presence', () => {
  it('goes online on the first ping', () => {
    spec(userPresence).given([]).when({ type: 'MarkUserOnline', userId: 4 }).then([online]);
  });

  it('records nothing for a ping while online', () => {
    spec(userPresence).given([online]).when({ type: 'MarkUserOnline', userId: 4 }).then([]);
  });

  it('goes offline when the sweeper finds the pings stopped', () => {
    spec(userPresence)
      .given([online])
      .when({ type: 'MarkUserOffline', userId: 4, lastSeenAt, reason: 'pings-stopped' })
      .then([offline('pings-stopped')]);
  });

  it('goes offline at logout and when the last socket closes, recording why', () => {
    spec(userPresence)
      .given([online])
      .when({ type: 'MarkUserOffline', userId: 4, lastSeenAt, reason: 'logout' })
      .then([offline('logout')]);
    spec(userPresence)
      .given([online])
      .when({ type: 'MarkUserOffline', userId: 4, lastSeenAt, reason: 'sockets-closed' })
      .then([offline('sockets-closed')]);
  });

  it('records nothing when a user already offline is taken offline again', () => {
    spec(userPresence)
      .given([online, offline('logout')])
      .when({ type: 'MarkUserOffline', userId: 4, lastSeenAt, reason: 'sockets-closed' })
      .then([]);
    spec(userPresence).given([]).when({ type: 'MarkUserOffline', userId: 4, lastSeenAt, reason: 'pings-stopped' }).then([]);
  });

  it('reads events recorded before the reason existed', () => {
    const legacy: UserPresenceEvent = { type: 'UserWentOffline', data: { userId: 4, lastSeenAt } };
    spec(userPresence).given([online, legacy]).when({ type: 'MarkUserOnline', userId: 4 }).then([online]);
  });

  it('comes back online after going offline', () => {
    spec(userPresence)
      .given([online, offline('sockets-closed')])
      .when({ type: 'MarkUserOnline', userId: 4 })
      .then([online]);
  });
});
