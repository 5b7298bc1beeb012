import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const en = {
  'helps.title': 'Help',
  'helps.gridTitle': 'Help',
  'helps.gridEmpty': 'No help videos yet.',
  'helps.play': 'Watch: {title}',
  'helps.videoUnavailable': 'This video cannot be shown.',
  'helps.add': 'Add help entry',
  'helps.edit': 'Edit',
  'helps.delete': 'Delete',
  'helps.preview': 'Watch',
  'helps.empty': 'No help entries yet.',
  'helps.success': 'Operation completed successfully!',
  'helps.saveFailed':
    'The operation could not be completed. Check whether a help entry with the same name already exists or whether the fields were filled in correctly',
  'helps.deleteFailed': 'The operation could not be completed',
  'helps.loadFailed': 'Could not load the list of records',
  'helps.deleteConfirm': 'Do you really want to delete this record?',
  'helps.dialog.addTitle': 'Add help entry',
  'helps.dialog.editTitle': 'Edit help entry',
  'helps.column.actions': 'Actions',
  'helps.field.title': 'Title',
  'helps.field.description': 'Description',
  'helps.field.video': 'Video',
  'helps.field.videoHelper': 'YouTube code or link, Vimeo link, or an https link to a video file.',
  'helps.validation.required': 'Required',
  'helps.validation.titleTooLong': 'The title may have at most 100 characters',
  'helps.validation.descriptionTooLong': 'The description may have at most 2000 characters',
  'helps.validation.video': 'Invalid video: enter a YouTube code or link, a Vimeo link or an https link to a video file',
} satisfies Translations<typeof ptBR>;
