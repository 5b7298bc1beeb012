import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHATS_PAGE_SIZE,
  type ChatMediaType,
  type ChatMessagePage,
  type ChatMessageView,
  type ChatPage,
  type ChatView,
} from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { ChatMessagesTable, ChatsTable } from './tables';
import { containing, liveByKey, liveIds, liveRow, pageFrom } from '../reads';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The members of these chats with their names, by chat. */
async function membersOf(db: Kysely<ReadDatabase>, chatIds: readonly number[]): Promise<Map<number, ChatView['users']>> {
  const byChat = new Map<number, ChatView['users']>();
  if (chatIds.length === 0) return byChat;
  const rows = await db
    .selectFrom('read.chat_users as cu')
    .leftJoin('read.users as u', 'u.id', 'cu.user_id')
    .select(['cu.chat_id', 'cu.user_id', 'cu.unreads', 'u.name'])
    .where('cu.chat_id', 'in', [...chatIds])
    .orderBy('cu.chat_id')
    .orderBy('u.name')
    .execute();
  for (const row of rows) {
    const list = byChat.get(row.chat_id) ?? [];
    list.push({ userId: row.user_id, unreads: row.unreads, user: { id: row.user_id, name: row.name ?? '' } });
    byChat.set(row.chat_id, list);
  }
  return byChat;
}

async function chatViews(db: Kysely<ReadDatabase>, rows: readonly Selectable<ChatsTable>[]): Promise<ChatView[]> {
  const members = await membersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    companyId: row.company_id,
    title: row.title,
    ownerId: row.owner_id,
    lastMessage: row.last_message,
    users: members.get(row.id) ?? [],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}

/** A live chat of the company, whoever asks (the projector's frames); null when deleted or another company's. */
export async function findChat(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<ChatView | null> {
  const row = await liveRow(db, 'read.chats', companyId, id);
  return row ? ((await chatViews(db, [row]))[0] ?? null) : null;
}

/** The chat if the user is one of its members (the chat access rule), else null: nobody else learns it exists. */
export async function findMemberChat(db: Kysely<ReadDatabase>, companyId: number, userId: number, id: number): Promise<ChatView | null> {
  const found = await findChat(db, companyId, id);
  return found && found.users.some((member) => member.userId === userId) ? found : null;
}

/** The chat with this uuid if the user is one of its members (an address opened directly), else null. */
export async function findMemberChatByUuid(db: Kysely<ReadDatabase>, companyId: number, userId: number, uuid: string): Promise<ChatView | null> {
  const row = await liveByKey(db, 'read.chats', companyId, 'uuid', uuid).select('id').executeTakeFirst();
  return row ? findMemberChat(db, companyId, userId, row.id) : null;
}

/** The user's chats, most recently active first; `searchParam` matches the title. */
export async function listChats(
  db: Kysely<ReadDatabase>,
  companyId: number,
  userId: number,
  options: { searchParam?: string; pageNumber: number },
): Promise<ChatPage> {
  let query = db
    .selectFrom('read.chats as c')
    .innerJoin('read.chat_users as cu', (join) => join.onRef('cu.chat_id', '=', 'c.id').on('cu.user_id', '=', userId))
    .selectAll('c')
    .where('c.company_id', '=', companyId)
    .where('c.deleted', '=', false);
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where(sql`lower(c.title)`, 'like', pattern);
  const { rows, hasMore } = await pageFrom(
    query.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc'),
    (options.pageNumber - 1) * CHATS_PAGE_SIZE,
    CHATS_PAGE_SIZE,
  );
  return { records: await chatViews(db, rows), hasMore };
}

/** The user's unread count in a chat (0 when not a member). */
export async function unreadsOf(db: Kysely<ReadDatabase>, chatId: number, userId: number): Promise<number> {
  const row = await db.selectFrom('read.chat_users').select('unreads').where('chat_id', '=', chatId).where('user_id', '=', userId).executeTakeFirst();
  return row?.unreads ?? 0;
}

type MessageRow = Selectable<ChatMessagesTable> & { sender_name: string | null };

const messageView = (row: MessageRow): ChatMessageView => ({
  id: row.id,
  chatId: row.chat_id,
  senderId: row.sender_id,
  sender: { id: row.sender_id, name: row.sender_name ?? '' },
  message: row.message,
  mediaPath: row.media_path,
  mediaName: row.media_name,
  mediaType: row.media_type as ChatMediaType | null,
  createdAt: iso(row.created_at),
});

const messageRows = (db: Kysely<ReadDatabase>) =>
  db.selectFrom('read.chat_messages as m').leftJoin('read.users as u', 'u.id', 'm.sender_id').selectAll('m').select('u.name as sender_name');

export async function findChatMessage(db: Kysely<ReadDatabase>, companyId: number, id: string): Promise<ChatMessageView | null> {
  const row = await messageRows(db).where('m.id', '=', id).where('m.company_id', '=', companyId).executeTakeFirst();
  return row ? messageView(row) : null;
}

/** One page of a chat's messages: page 1 is the newest; each page oldest first, as the conversation shows it. */
export async function listChatMessages(db: Kysely<ReadDatabase>, companyId: number, chatId: number, pageNumber: number): Promise<ChatMessagePage> {
  const newest = messageRows(db).where('m.chat_id', '=', chatId).where('m.company_id', '=', companyId).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc');
  const { rows, hasMore } = await pageFrom(newest, (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE, CHAT_MESSAGES_PAGE_SIZE);
  return { records: rows.reverse().map(messageView), pageInfo: { hasMore, pageNumber } };
}

/** Whether the user may open this file as a member of a (live) chat that shows it; null when no chat message names it. */
export async function chatMediaAccess(db: Kysely<ReadDatabase>, companyId: number, url: string, userId: number): Promise<boolean | null> {
  const rows = await db
    .selectFrom('read.chat_messages as m')
    .innerJoin('read.chats as c', 'c.id', 'm.chat_id')
    .leftJoin('read.chat_users as cu', (join) => join.onRef('cu.chat_id', '=', 'm.chat_id').on('cu.user_id', '=', userId))
    .select(['c.deleted', 'cu.user_id'])
    .where('m.company_id', '=', companyId)
    .where('m.media_path', '=', url)
    .execute();
  if (rows.length === 0) return null;
  return rows.some((row) => !row.deleted && row.user_id !== null);
}

/** Which of these ids are live users of the company (who may be added to a chat). */
export async function companyUserIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<number[]> {
  return liveIds(db, 'read.users', companyId, ids);
}
