import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

/**
 * What the process's own jobs read of the messages read model: the files erasure and retention delete, the ids
 * erasure forgets and `conversa verify` checks, the sender's queue depth for the metrics.
 */
/**
 * The files a retention run (its `before`) took from contacts' messages that no message still shows
 * (the retention-media reactor deletes them; a forwarded copy keeps its file): `limit` of them after `after`, by url.
 */
export async function expiredMediaOf(db: Kysely<ReadDatabase>, companyId: number, before: string, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('read.expired_media as e')
    .select('e.url')
    .where('e.company_id', '=', companyId)
    .where('e.expired_before', '=', sql<Date>`${before}::timestamptz`)
    .where('e.url', '>', after)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('read.messages as m').select('m.id').where('m.company_id', '=', companyId).whereRef('m.media_url', '=', 'e.url'))),
    )
    .orderBy('e.url')
    .limit(limit)
    .execute();
  return rows.map((row) => row.url);
}

/** The ids of every message of a contact's tickets (LGPD erasure: the webhook delivery log forgets them). */
export async function messageIdsOfContact(db: Kysely<ReadDatabase>, companyId: number, contactId: number): Promise<string[]> {
  const rows = await db.selectFrom('read.messages').select('id').where('company_id', '=', companyId).where('contact_id', '=', contactId).execute();
  return rows.map((row) => row.id);
}

/**
 * Files of erased contacts still to be deleted (the media-erasure worker's queue, read.erased_media), each with
 * whether a message not erased still shows it (then only its row goes).
 */
export async function erasedMediaQueue(db: Kysely<ReadDatabase>, limit: number): Promise<{ companyId: number; mediaUrl: string; shared: boolean }[]> {
  const rows = await sql<{ company_id: number; media_url: string; shared: boolean }>`
    select e.company_id, e.media_url,
      exists (select 1 from read.messages m where m.company_id = e.company_id and m.media_url = e.media_url) as shared
    from read.erased_media e limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({ companyId: row.company_id, mediaUrl: row.media_url, shared: row.shared }));
}

/** The file is gone from the media store: its row leaves the queue. */
export async function erasedMediaDone(db: Kysely<ReadDatabase>, companyId: number, mediaUrl: string): Promise<void> {
  await db.deleteFrom('read.erased_media').where('company_id', '=', companyId).where('media_url', '=', mediaUrl).execute();
}

/** A ticket's message ids, oldest first (`conversa verify <ticketId>` checks their streams). */
export async function messageIdsOfTicket(db: Kysely<ReadDatabase>, ticketId: number): Promise<string[]> {
  const rows = await db.selectFrom('read.messages').select('id').where('ticket_id', '=', ticketId).orderBy('created_at').execute();
  return rows.map((row) => row.id);
}

/** Outbound messages not yet sent nor failed (the sender's queue depth), counted up to `cap`. */
export async function unsentMessagesCount(db: Kysely<ReadDatabase>, cap: number): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`select count(*) as count from (select 1 from read.messages where from_me and ack = 0 and send_error is null and not is_private and not is_deleted limit ${cap}) q`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}
