import type { Translations } from '../../i18n/area';

/** Texts of the notes area, in the four languages: pt-BR (the default, the spec wording) ships with the app, the others load when chosen. */
export const ptBR = {
  'notes.placeholder': 'Nova observação',
  'notes.add': 'Adicionar',
  'notes.added': 'Observação adicionada com sucesso!',
  'notes.deleted': 'Observação excluída com sucesso!',
  'notes.delete': 'Excluir observação',
  'notes.confirmDelete': 'Deseja realmente excluir este registro?',
  'notes.required': 'Obrigatório',
  'notes.tooShort': 'Muito curta!',
} as const;

export const en = {
  'notes.placeholder': 'New note',
  'notes.add': 'Add',
  'notes.added': 'Note added successfully!',
  'notes.deleted': 'Note deleted successfully!',
  'notes.delete': 'Delete note',
  'notes.confirmDelete': 'Do you really want to delete this record?',
  'notes.required': 'Required',
  'notes.tooShort': 'Too short!',
} satisfies Translations<typeof ptBR>;

export const es = {
  'notes.placeholder': 'Nueva observación',
  'notes.add': 'Agregar',
  'notes.added': '¡Observación agregada con éxito!',
  'notes.deleted': '¡Observación eliminada con éxito!',
  'notes.delete': 'Eliminar observación',
  'notes.confirmDelete': '¿Realmente desea eliminar este registro?',
  'notes.required': 'Obligatorio',
  'notes.tooShort': '¡Demasiado corta!',
} satisfies Translations<typeof ptBR>;

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
