import { HELP_DESCRIPTION_MAX_LENGTH, HELP_TITLE_MAX_LENGTH, helpVideoSource, type CreateHelpRequest, type HelpView } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';

export interface HelpFormValues {
  title: string;
  description: string;
  video: string;
}

export type HelpField = keyof HelpFormValues;
export type HelpFormErrors = Partial<Record<HelpField, MessageKey>>;

export const emptyHelpForm = (): HelpFormValues => ({ title: '', description: '', video: '' });

export const helpFormOf = (help: HelpView): HelpFormValues => ({ title: help.title, description: help.description, video: help.video });

/** The API's help rules (spec 2 §5 shows none): a title, a description of bounded length, a video the grid can play. */
export function validateHelpForm(values: HelpFormValues): HelpFormErrors {
  const errors: HelpFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'helps.validation.required';
  else if (title.length > HELP_TITLE_MAX_LENGTH) errors.title = 'helps.validation.titleTooLong';
  if (values.description.length > HELP_DESCRIPTION_MAX_LENGTH) errors.description = 'helps.validation.descriptionTooLong';
  if (values.video.trim() === '') errors.video = 'helps.validation.required';
  else if (helpVideoSource(values.video) === null) errors.video = 'helps.validation.video';
  return errors;
}

export const helpRequestOf = (values: HelpFormValues): CreateHelpRequest => ({ title: values.title.trim(), description: values.description, video: values.video.trim() });
