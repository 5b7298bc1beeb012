import { describe, expect, it } from 'vitest';
import { chatFormOf, chatRequestOf, validateChatForm } from './chatForm';

describe('chat form', () => {
  it('asks for a title and at least one user', () => {
    expect(validateChatForm({ title: '  ', users: [] })).toEqual({ title: 'chats.validation.title', users: 'chats.validation.users' });
    expect(validateChatForm({ title: 'Equipe', users: [3] })).toEqual({});
  });

  it('edits the members other than the owner and sends the trimmed title', () => {
    const chat = {
      id: 1,
      uuid: 'u',
      companyId: 1,
      title: 'Equipe',
      ownerId: 2,
      lastMessage: '',
      createdAt: '',
      updatedAt: '',
      users: [
        { userId: 2, unreads: 0, user: { id: 2, name: 'Ana' } },
        { userId: 5, unreads: 1, user: { id: 5, name: 'Bia' } },
      ],
    };
    expect(chatFormOf(chat)).toEqual({ title: 'Equipe', users: [5] });
    expect(chatRequestOf({ title: ' Equipe ', users: [5] })).toEqual({ title: 'Equipe', users: [5] });
  });
});
