import type { HelpView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { HelpsTable } from './tables';
import { containing, isoTimes } from '../reads';

const helpFromRow = (row: Selectable<HelpsTable>): HelpView => ({
  id: row.id,
  title: row.title,
  description: row.description,
  video: row.video,
  ...isoTimes(row),
});

/** Every help entry in the order the super user created them; `searchParam` matches title or description. */
export async function listHelps(db: Kysely<ReadDatabase>, options: { searchParam?: string } = {}): Promise<HelpView[]> {
  let query = db.selectFrom('read.helps').selectAll().orderBy('id');
  const pattern = containing(options.searchParam);
  if (pattern) {
    query = query.where((eb) => eb.or([eb(sql`lower(title)`, 'like', pattern), eb(sql`lower(description)`, 'like', pattern)]));
  }
  return (await query.execute()).map(helpFromRow);
}

export async function findHelp(db: Kysely<ReadDatabase>, id: number): Promise<HelpView | null> {
  const row = await db.selectFrom('read.helps').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? helpFromRow(row) : null;
}
