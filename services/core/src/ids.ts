import { sql, type Kysely } from 'kysely';

/**
 * Numeric ids for the spec's entities (company 1, ticket #42 …), allocated from Postgres sequences.
 * An id is only a name: the aggregate's first append (expected revision no_stream) is what makes it taken,
 * so a sequence reset can never make two aggregates share a stream.
 */
export interface IdAllocator {
  next(kind: IdKind): Promise<number>;
}

export type IdKind = 'company' | 'plan' | 'user' | 'queue' | 'connection' | 'contact' | 'ticket' | 'message' | 'tag' | 'note' | 'quick_message' | 'schedule';

export function createPostgresIdAllocator(db: Kysely<any>): IdAllocator & { migrate(): Promise<void> } {
  const ready = new Set<string>();
  return {
    async migrate() {
      await sql`create schema if not exists ids`.execute(db);
    },
    async next(kind) {
      const name = `ids.${kind}`;
      if (!ready.has(name)) {
        // Id 1 of companies, plans and users belongs to the first start's seed.
        await sql.raw(`create sequence if not exists ${name} start with 2`).execute(db);
        ready.add(name);
      }
      const { rows } = await sql<{ id: string }>`select nextval(${name}) as id`.execute(db);
      return Number(rows[0]!.id);
    },
  };
}
