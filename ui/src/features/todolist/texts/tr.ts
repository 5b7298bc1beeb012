import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

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
