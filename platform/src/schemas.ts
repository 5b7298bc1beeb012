import { sql, type Kysely } from 'kysely';

/**
 * The transaction-scoped advisory lock every creation of a shared schema (and of the tables several
 * processes create at start-up) takes. `create … if not exists` alone still races on the catalog's
 * unique indexes ("duplicate key value violates unique constraint pg_namespace_nspname_index") when
 * two read models or two processes create the same schema at once: the check and the insert are not
 * atomic, and the loser sees the winner's row only once the winner commits.
 */
export const SCHEMA_DDL_LOCK_KEY = 7_301_998_224_114_311n;

/**
 * Runs `ddl` holding the schema lock: in its own transaction, or, when `db` already is one (a
 * projector's rebuild), in that transaction, whose commit releases the lock. Keep `ddl` to DDL:
 * every schema creation in the product waits for it.
 */
export async function withSchemaLock<T>(db: Kysely<any>, ddl: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  const locked = async (trx: Kysely<any>) => {
    await lockSchemas(trx);
    return ddl(trx);
  };
  return db.isTransaction ? locked(db) : db.transaction().execute(locked);
}

/** Takes the schema lock until `trx` ends (re-entrant: a later `withSchemaLock` in it passes at once). */
export async function lockSchemas(trx: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SCHEMA_DDL_LOCK_KEY.toString()}::bigint)`.execute(trx);
}
