import { HELP_DESCRIPTION_MAX_LENGTH, HELP_TITLE_MAX_LENGTH, helpVideoSource, type CreateHelpRequest, type HelpView } from '@conversa/contracts';
import { z } from 'zod';
import type { MessageKey } from '../../i18n';
import { fieldErrorsOf } from '../../shared/validation';

export interface HelpFormValues {
  title: string;
  description: string;
  video: string;
}

export type HelpField = keyof HelpFormValues;
export type HelpFormErrors = Partial<Record<HelpField, MessageKey>>;

export const emptyHelpForm = (): HelpFormValues => ({ title: '', description: '', video: '' });

export const helpFormOf = (help: HelpView): HelpFormValues => ({ title: help.title, description: help.description, video: help.video });

const key = (messageKey: MessageKey) => messageKey;

/** The API's help rules: a title, a description of bounded length, a video the grid can play. */
const helpFormSchema = z.object({
  title: z.string().trim().min(1, key('helps.validation.required')).max(HELP_TITLE_MAX_LENGTH, key('helps.validation.titleTooLong')),
  description: z.string().max(HELP_DESCRIPTION_MAX_LENGTH, key('helps.validation.descriptionTooLong')),
  video: z
    .string()
    .trim()
    .min(1, key('helps.validation.required'))
    .refine((video) => helpVideoSource(video) !== null, key('helps.validation.video')),
});

export const validateHelpForm = (values: HelpFormValues): HelpFormErrors => fieldErrorsOf<HelpField>(helpFormSchema, values);

export const helpRequestOf = (values: HelpFormValues): CreateHelpRequest => ({
  title: values.title.trim(),
  description: values.description,
  video: values.video.trim(),
});
