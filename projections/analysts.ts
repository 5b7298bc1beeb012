import { withSchemaLock } from '@conversa/projector';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from './database';

/** The role analysts log in through (GRANT conversa_analyst TO <login>): reads schema `read`, nothing else. */
export const ANALYST_ROLE = 'conversa_analyst';

export async function grantAnalystRole(db: Kysely<ReadDatabase>): Promise<void> {
  await withSchemaLock(db, (trx) =>
    sql`
      do $$ begin
        create role ${sql.raw(ANALYST_ROLE)} nologin;
      exception
        -- Roles are cluster-wide: another database of the same server (or a second process) made it first.
        when duplicate_object or unique_violation then null;
      end $$;
      create schema if not exists read;
      grant usage on schema read to ${sql.raw(ANALYST_ROLE)};
      grant select on all tables in schema read to ${sql.raw(ANALYST_ROLE)};
      alter default privileges in schema read grant select on tables to ${sql.raw(ANALYST_ROLE)};
    `.execute(trx),
  );
}
