import { z } from 'zod';
import { defineEvent } from '../events/registry';

/**
 * A login session (stream `session-<sessionId>`): one refresh-token family. Only hashes of
 * refresh tokens are stored; a rotated-out token presented again revokes the whole family.
 */
export const SessionStarted = defineEvent(
  'SessionStarted',
  z.object({ sessionId: z.string().uuid(), userId: z.number().int().positive(), companyId: z.number().int().positive(), tokenHash: z.string(), ip: z.string(), userAgent: z.string(), at: z.iso.datetime() }),
);
export const SessionRefreshed = defineEvent('SessionRefreshed', z.object({ sessionId: z.string().uuid(), tokenHash: z.string(), at: z.iso.datetime() }));
export const SessionRevoked = defineEvent(
  'SessionRevoked',
  z.object({ sessionId: z.string().uuid(), reason: z.enum(['logout', 'token-reuse', 'expired', 'user-deleted']) }),
);

export const sessionEvents = [SessionStarted, SessionRefreshed, SessionRevoked];
type D<T extends { schema: z.ZodType }> = z.infer<T['schema']>;
export type SessionEvent =
  | { type: 'SessionStarted'; data: D<typeof SessionStarted> }
  | { type: 'SessionRefreshed'; data: D<typeof SessionRefreshed> }
  | { type: 'SessionRevoked'; data: D<typeof SessionRevoked> };
