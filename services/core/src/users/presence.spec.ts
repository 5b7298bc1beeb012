import type { UserPresenceEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { userPresence } from './presence';

const online: UserPresenceEvent = { type: 'UserWentOnline', data: { userId: 4 } };
const offline: UserPresenceEvent = { type: 'UserWentOffline', data: { userId: 4, lastSeenAt: '2026-01-15T11:40:00.000Z' } };

describe('user presence', () => {
  it('goes online on the first ping', () => {
    spec(userPresence).given([]).when({ type: 'MarkUserOnline', userId: 4 }).then([online]);
  });

  it('records nothing for a ping while online', () => {
    spec(userPresence).given([online]).when({ type: 'MarkUserOnline', userId: 4 }).then([]);
  });

  it('goes offline when the sweeper finds the pings stopped', () => {
    spec(userPresence).given([online]).when({ type: 'MarkUserOffline', userId: 4, lastSeenAt: '2026-01-15T11:40:00.000Z' }).then([offline]);
  });

  it('records nothing when a user already offline is swept again', () => {
    spec(userPresence).given([online, offline]).when({ type: 'MarkUserOffline', userId: 4, lastSeenAt: '2026-01-15T11:40:00.000Z' }).then([]);
    spec(userPresence).given([]).when({ type: 'MarkUserOffline', userId: 4, lastSeenAt: '2026-01-15T11:40:00.000Z' }).then([]);
  });

  it('comes back online after going offline', () => {
    spec(userPresence).given([online, offline]).when({ type: 'MarkUserOnline', userId: 4 }).then([online]);
  });
});
