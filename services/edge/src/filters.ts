import type { FrameFilter } from './edge';

/**
 * `company-<id>-auth` tells a user that their account was opened elsewhere (spec 1 §4 "Session"):
 * it goes to that user's sockets except the ones of the session that just logged in, which would
 * otherwise log itself out.
 */
export const authFilter: FrameFilter = (connection, data: { user?: { id?: unknown }; sessionId?: unknown } | null) =>
  typeof data === 'object' &&
  data !== null &&
  data.user?.id === connection.principal.userId &&
  data.sessionId !== connection.principal.sessionId;
