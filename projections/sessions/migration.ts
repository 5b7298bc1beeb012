import { withSchemaLock } from '@conversa/platform';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateSessions(db: Kysely<ReadDatabase>): Promise<void> {
  // Schema auth is shared with the users and connections read models: created under the schema lock.
  await withSchemaLock(db, (trx) =>
    sql`
      create schema if not exists auth;
      create table if not exists auth.sessions (
        session_id text primary key,
        user_id integer not null,
        company_id integer not null,
        started_at timestamptz not null,
        revoked_at timestamptz,
        revoked_reason text
      );
      create index if not exists sessions_user_active on auth.sessions (user_id) where revoked_at is null;
      comment on table auth.sessions is 'Login sessions: every authenticated request and socket checks its session is still active';
      comment on column auth.sessions.revoked_at is 'When the session stopped: its logout, theft or expiry, the user deleted or their password changed, the company deleted; null while active';
      comment on column auth.sessions.revoked_reason is 'logout, token-reuse, expired, user-deleted, password-changed or company-deleted';
    `.execute(trx),
  );
}
