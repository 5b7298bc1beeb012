import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const en = {
  'menu.todolist': 'To-do',
  'todolist.title': 'To-do list',
  'todolist.new': 'New task',
  'todolist.add': 'Add',
  'todolist.save': 'Save',
  'todolist.edit': 'Edit',
  'todolist.delete': 'Delete',
  'todolist.empty': 'No tasks yet.',
  'todolist.updatedAt': 'Updated {time}',
} satisfies Translations<typeof ptBR>;
