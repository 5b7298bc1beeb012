import { DEFAULT_TAG_COLOR, TAG_NAME_MAX_LENGTH, TAG_NAME_MIN_LENGTH, type TagView } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';
import type { FieldErrors } from '../../shared/validation';
import type { TagRequest } from './api';

export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

export type TagField = keyof TagFormValues;

/** A new tag: the default chip colour; a plain tag, or a lane when the dialog opens in kanban mode. */
export const emptyTagForm = (kanban = false): TagFormValues => ({ name: '', color: DEFAULT_TAG_COLOR, kanban });

export const tagFormOf = (tag: TagView): TagFormValues => ({ name: tag.name, color: tag.color, kanban: tag.kanban === 1 });

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** The API's tag rules: a name of 3 to 100 characters ('Tag muito curta!' under 3) and a hex colour. */
export function validateTagForm(values: TagFormValues): FieldErrors<TagField> {
  const errors: FieldErrors<TagField> = {};
  const name = values.name.trim();
  const tooShort: MessageKey = 'tags.validation.tooShort';
  if (name === '') errors.name = 'tags.validation.required';
  else if (name.length < TAG_NAME_MIN_LENGTH) errors.name = tooShort;
  else if (name.length > TAG_NAME_MAX_LENGTH) errors.name = 'tags.validation.tooLong';
  if (!HEX_COLOR.test(values.color)) errors.color = 'tags.validation.color';
  return errors;
}

export const tagRequestOf = (values: TagFormValues): TagRequest => ({ name: values.name.trim(), color: values.color, kanban: values.kanban ? 1 : 0 });
