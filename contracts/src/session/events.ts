import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, realDateTime, safeText } from '../common/bounds';

/**
 * A login session (stream `session-<sessionId>`): one refresh-token family. Only hashes of
 * refresh tokens are stored; a rotated-out token presented again revokes the whole family.
 */
export const SessionStarted = defineEvent(
  'SessionStarted',
  z.object({
    sessionId: safeText().uuid(),
    userId: RecordId,
    companyId: RecordId,
    tokenHash: safeText(),
    ip: safeText(),
    userAgent: safeText(),
    at: realDateTime(),
  }),
);
export const SessionRefreshed = defineEvent('SessionRefreshed', z.object({ sessionId: safeText().uuid(), tokenHash: safeText(), at: realDateTime() }));
export const SessionRevoked = defineEvent(
  'SessionRevoked',
  z.object({ sessionId: safeText().uuid(), reason: z.enum(['logout', 'token-reuse', 'expired', 'user-deleted']) }),
);

export const sessionEvents = [SessionStarted, SessionRefreshed, SessionRevoked];
export type SessionEvent = EventUnion<typeof sessionEvents>;
