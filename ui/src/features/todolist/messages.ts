import type { Translations } from '../../i18n/area';

/** Texts of the to-do list, in the four languages: pt-BR ships with the app, the others load when chosen. */
export const ptBR = {
  'menu.todolist': 'Tarefas',
  'todolist.title': 'Tarefas',
  'todolist.new': 'Nova tarefa',
  'todolist.add': 'Adicionar',
  'todolist.save': 'Salvar',
  'todolist.edit': 'Editar',
  'todolist.delete': 'Excluir',
  'todolist.empty': 'Nenhuma tarefa ainda.',
  'todolist.updatedAt': 'Atualizada em {time}',
} as const;

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

export const es = {
  'menu.todolist': 'Tareas',
  'todolist.title': 'Tareas',
  'todolist.new': 'Nueva tarea',
  'todolist.add': 'Agregar',
  'todolist.save': 'Guardar',
  'todolist.edit': 'Editar',
  'todolist.delete': 'Eliminar',
  'todolist.empty': 'Aún no hay tareas.',
  'todolist.updatedAt': 'Actualizada el {time}',
} satisfies Translations<typeof ptBR>;

export const tr = {
  'menu.todolist': 'Görevler',
  'todolist.title': 'Görev listesi',
  'todolist.new': 'Yeni görev',
  'todolist.add': 'Ekle',
  'todolist.save': 'Kaydet',
  'todolist.edit': 'Düzenle',
  'todolist.delete': 'Sil',
  'todolist.empty': 'Henüz görev yok.',
  'todolist.updatedAt': 'Güncellendi: {time}',
} satisfies Translations<typeof ptBR>;
