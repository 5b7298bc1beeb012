import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const tr = {
  'notes.placeholder': 'Yeni not',
  'notes.add': 'Ekle',
  'notes.added': 'Not başarıyla eklendi!',
  'notes.deleted': 'Not başarıyla silindi!',
  'notes.delete': 'Notu sil',
  'notes.confirmDelete': 'Bu kaydı gerçekten silmek istiyor musunuz?',
  'notes.required': 'Zorunlu',
  'notes.tooShort': 'Çok kısa!',
} satisfies Translations<typeof ptBR>;
