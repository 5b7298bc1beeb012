import { sql, type Kysely } from 'kysely';

/**
 * Numeric ids for the spec's entities (company 1, ticket #42 …), allocated from Postgres sequences.
 * An id is only a name: the aggregate's first append (expected revision no_stream) is what makes it taken,
 * so a sequence reset can never make two aggregates share a stream.
 */
export interface IdAllocator {
  next(kind: IdKind): Promise<number>;
  /** `count` ids in one round trip (bulk imports); allocators without it are asked one at a time (nextIds). */
  nextMany?(kind: IdKind, count: number): Promise<number[]>;
}

export async function nextIds(ids: IdAllocator, kind: IdKind, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (ids.nextMany) return ids.nextMany(kind, count);
  return Promise.all(Array.from({ length: count }, () => ids.next(kind)));
}

export type IdKind =
  | 'company'
  | 'plan'
  | 'user'
  | 'queue'
  | 'connection'
  | 'contact'
  | 'ticket'
  | 'message'
  | 'tag'
  | 'note'
  | 'quick_message'
  | 'schedule'
  | 'chatbot'
  | 'help'
  | 'on_duty'
  | 'webhook'
  | 'queue_integration'
  | 'prompt'
  | 'contact_list'
  | 'contact_list_item'
  | 'campaign'
  | 'file_list'
  | 'invoice'
  | 'chat'
  | 'announcement';

export function createPostgresIdAllocator<DB>(db: Kysely<DB>): IdAllocator & { migrate(): Promise<void> } {
  // One creation per sequence per process; concurrent `create … if not exists` from several
  // processes can still collide in Postgres' catalog, which means it exists now.
  const ready = new Map<string, Promise<void>>();
  const ensure = (name: string) => {
    let creation = ready.get(name);
    if (!creation) {
      // Id 1 of companies, plans and users belongs to the first start's seed.
      creation = sql
        .raw(`create sequence if not exists ${name} start with 2`)
        .execute(db)
        .then(
          () => undefined,
          (error: { code?: string }) => {
            if (error.code === '23505' || error.code === '42P07') return;
            ready.delete(name);
            throw error;
          },
        );
      ready.set(name, creation);
    }
    return creation;
  };
  return {
    async migrate() {
      // Two processes starting at once would collide on the schema in Postgres' catalog.
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('conversa-ids-schema'))`.execute(trx);
        await sql`create schema if not exists ids`.execute(trx);
      });
    },
    async next(kind) {
      const name = `ids.${kind}`;
      await ensure(name);
      const { rows } = await sql<{ id: string }>`select nextval(${name}) as id`.execute(db);
      return Number(rows[0]!.id);
    },
    async nextMany(kind, count) {
      const name = `ids.${kind}`;
      await ensure(name);
      const { rows } = await sql<{ id: string }>`select nextval(${name}) as id from generate_series(1, ${count}::int)`.execute(db);
      return rows.map((row) => Number(row.id));
    },
  };
}
