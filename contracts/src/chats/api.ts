import { z } from 'zod';
import { Count32Param, RecordId, RecordIdParam, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_TITLE_MAX_LENGTH, CHAT_USERS_MAX } from './events';

/** The chat dialog's alerts (spec: validation of the chat dialog). */
export const CHAT_TITLE_REQUIRED = 'Por favor, preencha o título da conversa.';
export const CHAT_USERS_REQUIRED = 'Por favor, selecione pelo menos um usuário.';

const title = safeText({ error: CHAT_TITLE_REQUIRED })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: CHAT_TITLE_REQUIRED });
    else if (value.length > CHAT_TITLE_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: 'Mensagem muito longa' });
  });

/** Users as the dialog sends them: ids, or `{ id }` records (the picker's options). */
const users = z
  .array(z.union([RecordId, z.object({ id: RecordId }).transform((user) => user.id)]), { error: CHAT_USERS_REQUIRED })
  .min(1, CHAT_USERS_REQUIRED)
  .max(CHAT_USERS_MAX)
  .transform((ids) => [...new Set(ids)]);

/** POST /chats. */
export const CreateChatRequest = z.object({ title, users });
export type CreateChatRequest = z.input<typeof CreateChatRequest>;

/** PUT /chats/{id}: the fields given change. */
export const UpdateChatRequest = z.object({ title: title.optional(), users: users.optional() });
export type UpdateChatRequest = z.input<typeof UpdateChatRequest>;

/** GET /chats. */
export const ListChatsQuery = z.object({ searchParam: SearchParam, pageNumber: Count32Param.pipe(z.number().min(1)).default(1) });
export type ListChatsQuery = z.infer<typeof ListChatsQuery>;

/** GET /chats/{id}/messages. */
export const ListChatMessagesQuery = z.object({ pageNumber: Count32Param.pipe(z.number().min(1)).default(1) });

/** POST /chats/{id}/read: `userId` is accepted for the spec's shape; the caller is who reads. */
export const MarkChatReadRequest = z.object({ userId: RecordId.optional() }).nullish();

/** POST /chats/{id}/messages as JSON: a non-empty trimmed text. */
export const PostChatMessageRequest = z.object({
  message: safeText({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(CHAT_MESSAGE_MAX_LENGTH),
});
export type PostChatMessageRequest = z.infer<typeof PostChatMessageRequest>;

/** The multipart form's text fields (files come as `medias`). */
export const PostChatMediaFields = z.object({
  body: safeText().max(CHAT_MESSAGE_MAX_LENGTH).optional(),
  fromMe: safeText().max(10).optional(),
  typeArch: safeText().max(50).optional(),
});

export const ChatIdParams = z.object({ id: RecordIdParam });
/** `/chats/uuid/:uuid`: the screen's address names a chat by its uuid. */
export const ChatUuidParams = z.object({ uuid: z.uuid({ error: 'uuid inválido' }) });

export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
