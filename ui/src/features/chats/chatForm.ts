import { CHAT_TITLE_MAX_LENGTH, type ChatView } from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';
import type { ChatRequest } from './api';

export interface ChatFormValues {
  title: string;
  users: number[];
}

export type ChatField = 'title' | 'users';

export const emptyChatForm = (): ChatFormValues => ({ title: '', users: [] });

/** The dialog's values for a chat being edited: the members other than its owner (the owner always stays). */
export const chatFormOf = (chat: ChatView): ChatFormValues => ({
  title: chat.title,
  users: chat.users.map((member) => member.userId).filter((id) => id !== chat.ownerId),
});

/** The spec's alerts: a title, and at least one user. */
export function validateChatForm(values: ChatFormValues): FieldErrors<ChatField> {
  const errors: FieldErrors<ChatField> = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'chats.validation.title';
  else if (title.length > CHAT_TITLE_MAX_LENGTH) errors.title = 'chats.validation.titleTooLong';
  if (values.users.length === 0) errors.users = 'chats.validation.users';
  return errors;
}

export const chatRequestOf = (values: ChatFormValues): ChatRequest => ({ title: values.title.trim(), users: values.users });
