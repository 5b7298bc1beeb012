/**
 * BENCH_PGSS=1 (with PG_SETTINGS=shared_preload_libraries=pg_stat_statements,pg_stat_statements.track_planning=on):
 * where Postgres spends its time during a phase, statement by statement, planning apart from running.
 */
import { sql, type Kysely } from 'kysely';
import { log } from '../kit/measure';

export const PGSS = process.env.BENCH_PGSS === '1';

export async function resetStatementStats(db: Kysely<any>): Promise<void> {
  if (!PGSS) return;
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
}

export async function logStatementStats(db: Kysely<any>, per: number, unit = 'msg'): Promise<void> {
  if (!PGSS) return;
  const { rows } = await sql<{ query: string; calls: string; plan: number; exec: number }>`
    select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 80) as query, calls, total_plan_time as plan, total_exec_time as exec
    from pg_stat_statements where query not like '%pg_stat_statements%' order by total_plan_time + total_exec_time desc limit 12`.execute(db);
  for (const row of rows)
    log(
      `  pg ${(Number(row.calls) / per).toFixed(2)}/${unit} plan ${(row.plan / per).toFixed(3)} exec ${(row.exec / per).toFixed(3)} ms/${unit}: ${row.query}`,
    );
}
