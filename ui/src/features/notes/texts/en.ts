import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

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
