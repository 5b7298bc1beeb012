import type { TicketNoteView } from '@conversa/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { TicketNotesTable } from './tables';
import { findUser } from '../users/queries';
import { companyRow, isoTimes } from '../reads';

const noteFromRow = (row: Selectable<TicketNotesTable>, user: { id: number; name: string } | null): TicketNoteView => ({
  id: row.id,
  note: row.note,
  ticketId: row.ticket_id,
  contactId: row.contact_id,
  userId: row.user_id,
  user,
  ...isoTimes(row),
});

/** Authors by id, read through the users read model's own query. */
async function authors(db: Kysely<ReadDatabase>, userIds: Iterable<number>): Promise<Map<number, { id: number; name: string }>> {
  const found = new Map<number, { id: number; name: string }>();
  for (const userId of new Set(userIds)) {
    // A deleted author's notes stay, with user null: findUser answers only current users.
    const user = await findUser(db, userId);
    if (user) found.set(userId, { id: user.id, name: user.name });
  }
  return found;
}

export async function findTicketNote(db: Kysely<ReadDatabase>, companyId: number, noteId: number): Promise<TicketNoteView | undefined> {
  const row = await companyRow(db, 'read.ticket_notes', companyId, noteId);
  if (!row) return undefined;
  const users = await authors(db, [row.user_id]);
  return noteFromRow(row, users.get(row.user_id) ?? null);
}

/** A ticket's notes, newest first, each with its author's name. */
export async function listTicketNotes(
  db: Kysely<ReadDatabase>,
  companyId: number,
  filter: { ticketId: number; contactId?: number },
): Promise<TicketNoteView[]> {
  let query = db.selectFrom('read.ticket_notes').selectAll().where('company_id', '=', companyId).where('ticket_id', '=', filter.ticketId);
  if (filter.contactId !== undefined) query = query.where('contact_id', '=', filter.contactId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const users = await authors(
    db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => noteFromRow(row, users.get(row.user_id) ?? null));
}
