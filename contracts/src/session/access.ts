import { z } from 'zod';

/**
 * The bus entity announcing that a user's access changed: published on `company.<id>.user-access`
 * by the sessions read model once the change is committed. Edges and API processes consume it;
 * it is never relayed to browsers as a frame.
 */
export const USER_ACCESS_ENTITY = 'user-access';

export const UserAccessChange = z.object({
  userId: z.number().int().positive(),
  /** Set when one session ended (logout, theft, expiry); absent when the change covers every session of the user. */
  sessionId: z.string().optional(),
  /**
   * revoked: the sessions named can no longer act (logout, user deleted, password changed) — sockets close.
   * rescoped: the user's role or queues changed — sockets reload who they are and keep going.
   */
  change: z.enum(['revoked', 'rescoped']),
});
export type UserAccessChange = z.infer<typeof UserAccessChange>;
