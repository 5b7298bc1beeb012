import type { Compilable, Kysely } from 'kysely';
import type pg from 'pg';

const NAME_PREFIX = 'prepared:';
/** Texts prepared per process at most (each connection keeps its own copy of their plans). */
const MAX_PREPARED = 200;

/**
 * Statement texts whose plan does not depend on the values bound (key lookups, one ticket's
 * messages): the read pool sends them named, so each connection parses and plans them once and
 * then only binds values (Postgres keeps the generic plan after five runs when it costs no more).
 * Only opted-in texts: the ticket list's best plan depends on the company and the tab, and its
 * generic plan took 160 ms a page where its custom plans take 1.
 */
const prepared = new Map<string, string>();
const refused = new Set<string>();

/** Marks a compiled statement text as safe to prepare (see `prepared`). */
export function markPrepared(text: string): void {
  if (prepared.has(text) || refused.has(text) || prepared.size >= MAX_PREPARED) return;
  prepared.set(text, `${NAME_PREFIX}${prepared.size + refused.size + 1}`);
}

/**
 * Sends the marked texts named. A prepared text whose tables changed shape under it (a projection
 * rebuilt while running) answers "cached plan must not change result type": from then on it is
 * sent unnamed, and the statement is retried once (in a transaction, the caller's retry does it).
 */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = function (this: pg.Client, ...args: unknown[]) {
      const [text, values, callback] = args;
      const name = typeof text === 'string' && Array.isArray(values) && callback === undefined ? prepared.get(text) : undefined;
      if (name === undefined) return send(...args);
      return (send({ name, text, values }) as Promise<pg.QueryResult>).catch((error: { code?: string; message?: string }) => {
        if (error?.code !== '0A000' || !/cached plan must not change result type/.test(error.message ?? '')) throw error;
        prepared.delete(text as string);
        refused.add(text as string);
        return send(text, values);
      });
    } as typeof client.query;
  });
}

/** Runs a query whose plan does not depend on its values as a prepared statement (see `prepared`). */
export async function preparedRows<DB, O>(db: Kysely<DB>, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  markPrepared(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

/** Whether a statement name is one given here (benches show such statements by their text). */
export const isPreparedName = (name: string): boolean => name.startsWith(NAME_PREFIX);
