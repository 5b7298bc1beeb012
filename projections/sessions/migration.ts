import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createSchemaTables, integer, text, timestamptz, type Tables } from '../ddl';

const tables: Tables = {
  'auth.sessions': {
    comment: 'Login sessions: every authenticated request and socket checks its session is still active',
    columns: {
      session_id: text.primaryKey(),
      user_id: integer.notNull(),
      company_id: integer.notNull(),
      started_at: timestamptz.notNull(),
      revoked_at: timestamptz.comment(
        'When the session stopped: its logout, theft or expiry, the user deleted or their password changed, the company deleted; null while active',
      ),
      revoked_reason: text.comment('logout, token-reuse, expired, user-deleted, password-changed or company-deleted'),
    },
    indexes: {
      sessions_user_active: '(user_id) where revoked_at is null',
    },
  },
};

export async function migrateSessions(db: Kysely<ReadDatabase>): Promise<void> {
  // Schema auth is shared with the users and connections read models: created under the schema lock.
  await createSchemaTables(db, 'auth', tables);
}
