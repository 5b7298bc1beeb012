import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

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
