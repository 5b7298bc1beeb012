import { ANNOUNCEMENTS_PAGE_SIZE, type AnnouncementPage, type AnnouncementView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { AnnouncementsTable } from './tables';
import { containing, isoTimes, pageFrom } from '../reads';

const view = (row: Selectable<AnnouncementsTable> & { read?: boolean | null }): AnnouncementView => ({
  id: row.id,
  title: row.title,
  text: row.text,
  priority: row.priority,
  status: row.status,
  mediaPath: row.media_path,
  mediaName: row.media_name,
  read: row.read === true,
  ...isoTimes(row),
});

/** Rows with the reader's read mark. */
const rows = (db: Kysely<ReadDatabase>, readerId: number) =>
  db
    .selectFrom('read.announcements as a')
    .selectAll('a')
    .select(sql<boolean>`exists (select 1 from read.announcement_reads r where r.announcement_id = a.id and r.user_id = ${readerId})`.as('read'))
    .where('a.deleted', '=', false);

/**
 * An announcement as the reader may see it: the super user any live one, everyone else an active one; null otherwise.
 * `readerId` 0: no reader (the frames, where each browser keeps its own read marks).
 */
export async function findAnnouncement(db: Kysely<ReadDatabase>, id: number, reader: { userId: number; super: boolean }): Promise<AnnouncementView | null> {
  let query = rows(db, reader.userId).where('a.id', '=', id);
  if (!reader.super) query = query.where('a.status', '=', true);
  const row = await query.executeTakeFirst();
  return row ? view(row) : null;
}

/**
 * The announcements page: for the super user every live one by creation (newest first), searchable by title; for
 * everyone else (the popover) the active ones by priority, then newest first.
 */
export async function listAnnouncements(
  db: Kysely<ReadDatabase>,
  reader: { userId: number; super: boolean },
  options: { searchParam?: string; pageNumber: number },
): Promise<AnnouncementPage> {
  let query = rows(db, reader.userId);
  if (!reader.super) query = query.where('a.status', '=', true);
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where(sql`lower(a.title)`, 'like', pattern);
  query = reader.super ? query.orderBy('a.created_at', 'desc') : query.orderBy('a.priority').orderBy('a.created_at', 'desc');
  const page = await pageFrom(query.orderBy('a.id', 'desc'), (options.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE, ANNOUNCEMENTS_PAGE_SIZE);
  return { records: page.rows.map(view), hasMore: page.hasMore };
}

/** Whether an active announcement shows this file: every signed-in user of every company may open it. */
export async function announcementShowsMedia(db: Kysely<ReadDatabase>, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('read.announcements')
    .select('id')
    .where('media_path', '=', url)
    .where('deleted', '=', false)
    .where('status', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
