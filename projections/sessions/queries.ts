import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

/** Whether a session may still act: started and not revoked. Null when the read model has not seen it. */
export async function sessionStatus(db: Kysely<ReadDatabase>, sessionId: string): Promise<{ active: boolean; userId: number } | null> {
  const row = await db.selectFrom('auth.sessions').select(['user_id', 'revoked_at']).where('session_id', '=', sessionId).executeTakeFirst();
  return row ? { active: row.revoked_at === null, userId: row.user_id } : null;
}
