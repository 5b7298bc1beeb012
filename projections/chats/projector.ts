import type { ChatView } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateChats } from './migration';
import { findChat, findChatMessage } from './queries';
import { insertedNew, rowUpdater } from '../records';

const membersOf = (chat: ChatView) => chat.users.map((member) => member.userId);

/** One `chat-user-<id>` frame per member: each browser hears only of its own list (the chat access rule). */
const toEachMember = (companyId: number, chat: ChatView, action: 'create' | 'update'): ProjectionChange[] =>
  membersOf(chat).map((userId) => ({ companyId, entity: `chat-user-${userId}`, data: { action, record: chat, audience: [userId] } }));

/**
 * Chats, their members with unread counts, and their messages. Frames (the spec's internal chat
 * events) carry `audience`, the users they are for; the edge sends each only to them.
 */
export const chatsProjector = defineProjector({
  name: 'chats',
  version: 1,
  eventTypes: ['ChatCreated', 'ChatChanged', 'ChatDeleted', 'ChatMessagePosted', 'ChatMarkedRead'],
  tables: ['read.chats', 'read.chat_users', 'read.chat_messages'],
  migrate: migrateChats,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const changes: ProjectionChange[] = [];
    const update = rowUpdater(trx, 'read.chats');
    /** Members added to a chat (one already in it stays as it is). */
    const addMembers = (chatId: number, companyId: number, userIds: readonly number[]) =>
      trx
        .insertInto('read.chat_users')
        .values(userIds.map((userId) => ({ chat_id: chatId, user_id: userId, company_id: companyId })))
        .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doNothing())
        .execute();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      switch (event.type) {
        case 'ChatCreated': {
          const { chatId, uuid, title, ownerId, userIds } = event.data;
          const row = { id: chatId, uuid, company_id: companyId, title, owner_id: ownerId, created_at: at, updated_at: at };
          if (!(await insertedNew(trx.insertInto('read.chats').values(row)))) break;
          await addMembers(chatId, companyId, userIds);
          const chat = await findChat(trx, companyId, chatId);
          if (chat) changes.push(...toEachMember(companyId, chat, 'create'));
          break;
        }
        case 'ChatChanged': {
          const { chatId, title, userIds } = event.data;
          const before = await findChat(trx, companyId, chatId);
          if (!before) break;
          await update(chatId, title !== undefined ? { title } : {}, at);
          let removed: number[] = [];
          if (userIds) {
            removed = membersOf(before).filter((id) => !userIds.includes(id));
            if (removed.length > 0) await trx.deleteFrom('read.chat_users').where('chat_id', '=', chatId).where('user_id', 'in', removed).execute();
            await addMembers(chatId, companyId, userIds);
          }
          const chat = await findChat(trx, companyId, chatId);
          if (!chat) break;
          const added = new Set(membersOf(chat).filter((id) => !membersOf(before).includes(id)));
          for (const userId of membersOf(chat)) {
            changes.push({
              companyId,
              entity: `chat-user-${userId}`,
              data: { action: added.has(userId) ? 'create' : 'update', record: chat, audience: [userId] },
            });
          }
          // Who was removed loses the chat from the list, as if it were deleted for them.
          if (removed.length > 0) changes.push({ companyId, entity: 'chat', data: { action: 'delete', id: chatId, audience: removed } });
          changes.push({ companyId, entity: `chat-${chatId}`, data: { action: 'update', chat, audience: membersOf(chat) } });
          break;
        }
        case 'ChatDeleted': {
          const before = await findChat(trx, companyId, event.data.chatId);
          await update(event.data.chatId, { deleted: true }, at);
          if (before) changes.push({ companyId, entity: 'chat', data: { action: 'delete', id: before.id, audience: membersOf(before) } });
          break;
        }
        case 'ChatMessagePosted': {
          const { chatId, messageId, senderId, message, media, mediaType } = event.data;
          const posted = {
            id: messageId,
            chat_id: chatId,
            company_id: companyId,
            sender_id: senderId,
            message,
            media_path: media?.url ?? null,
            media_name: media?.name ?? null,
            media_type: mediaType,
            created_at: at,
          };
          if (!(await insertedNew(trx.insertInto('read.chat_messages').values(posted)))) break;
          await update(chatId, { last_message: message !== '' ? message : (media?.name ?? '') }, at);
          await trx
            .updateTable('read.chat_users')
            .set((eb) => ({ unreads: eb('unreads', '+', 1) }))
            .where('chat_id', '=', chatId)
            .where('user_id', '<>', senderId)
            .execute();
          const chat = await findChat(trx, companyId, chatId);
          const newMessage = await findChatMessage(trx, companyId, messageId);
          if (!chat || !newMessage) break;
          changes.push({ companyId, entity: `chat-${chatId}`, data: { action: 'new-message', newMessage, chat, audience: membersOf(chat) } });
          changes.push(...toEachMember(companyId, chat, 'update'));
          break;
        }
        case 'ChatMarkedRead': {
          const { chatId, userId } = event.data;
          await trx.updateTable('read.chat_users').set({ unreads: 0 }).where('chat_id', '=', chatId).where('user_id', '=', userId).execute();
          const chat = await findChat(trx, companyId, chatId);
          if (chat) changes.push({ companyId, entity: `chat-user-${userId}`, data: { action: 'update', record: chat, audience: [userId] } });
          break;
        }
      }
    }
    return changes;
  },
});
