import pg from 'pg';

/**
 * Runs a schema's DDL in one transaction under a transaction-scoped advisory lock named `lock`:
 * idempotent DDL is then safe to run from several processes at once.
 */
export async function runLockedDdl(pool: pg.Pool, lock: string, ddl: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext($1))`, [lock]);
    await client.query(ddl);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A small pool of its own (2 connections unless said) whose schema is brought up to date first; ended again if that fails. */
export async function migratedPool(
  options: { connectionString: string; poolSize?: number; applicationName: string },
  migration: { lock: string; ddl: string },
): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: Math.max(1, options.poolSize ?? 2), application_name: options.applicationName });
  pool.on('error', () => {});
  try {
    await runLockedDdl(pool, migration.lock, migration.ddl);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}
