import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

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
