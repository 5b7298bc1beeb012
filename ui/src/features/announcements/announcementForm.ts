import type { AnnouncementView, CreateAnnouncementRequest } from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';

export interface AnnouncementFormValues {
  title: string;
  text: string;
  priority: '1' | '2' | '3';
  status: boolean;
}

export type AnnouncementField = 'title' | 'text';

/** The spec's defaults: priority 3, active. */
export const emptyAnnouncementForm = (): AnnouncementFormValues => ({ title: '', text: '', priority: '3', status: true });

export const announcementFormOf = (row: AnnouncementView): AnnouncementFormValues => ({
  title: row.title,
  text: row.text,
  priority: String(row.priority) as AnnouncementFormValues['priority'],
  status: row.status,
});

export function validateAnnouncementForm(values: AnnouncementFormValues): FieldErrors<AnnouncementField> {
  const errors: FieldErrors<AnnouncementField> = {};
  if (values.title.trim() === '') errors.title = 'announcements.validation.required';
  if (values.text.trim() === '') errors.text = 'announcements.validation.required';
  return errors;
}

export const announcementRequestOf = (values: AnnouncementFormValues): CreateAnnouncementRequest => ({
  title: values.title.trim(),
  text: values.text.trim(),
  priority: Number(values.priority) as 1 | 2 | 3,
  status: values.status,
});

/** The attachment's accepted types (png, jpg, jpeg). */
export const ANNOUNCEMENT_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const isAcceptedImage = (file: File): boolean => /\.(png|jpe?g)$/i.test(file.name) && /^image\/(png|jpeg)$/.test(file.type);

/** Priority colours: 1 red, 2 orange, 3 grey. */
export const priorityPalette = (priority: number): 'red' | 'orange' | 'gray' => (priority === 1 ? 'red' : priority === 2 ? 'orange' : 'gray');
