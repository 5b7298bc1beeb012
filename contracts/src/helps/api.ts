import { z } from 'zod';
import { HELP_DESCRIPTION_MAX_LENGTH, HELP_TITLE_MAX_LENGTH } from './events';
import { HELP_VIDEO_MAX_LENGTH, helpVideoSource } from './video';
import { safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';

/**
 * The helps calls. The original shows no field rules for help entries; these are ours:
 * a title (up to 100 characters), an optional description (up to 2000) and a video this product can play.
 */
export const HELP_VALIDATION = {
  required: 'Obrigatório',
  titleTooLong: `O título deve ter no máximo ${HELP_TITLE_MAX_LENGTH} caracteres`,
  descriptionTooLong: `A descrição deve ter no máximo ${HELP_DESCRIPTION_MAX_LENGTH} caracteres`,
  invalidVideo: 'Vídeo inválido: informe o código ou o link do YouTube, um link do Vimeo ou o link https de um arquivo de vídeo',
} as const;

const title = safeText(HELP_VALIDATION.required).trim().min(1, HELP_VALIDATION.required).max(HELP_TITLE_MAX_LENGTH, HELP_VALIDATION.titleTooLong);
const description = safeText().max(HELP_DESCRIPTION_MAX_LENGTH, HELP_VALIDATION.descriptionTooLong);
const video = safeText(HELP_VALIDATION.required)
  .trim()
  .min(1, HELP_VALIDATION.required)
  .max(HELP_VIDEO_MAX_LENGTH, HELP_VALIDATION.invalidVideo)
  .refine((value) => helpVideoSource(value) !== null, HELP_VALIDATION.invalidVideo);

/** POST /helps. */
export const CreateHelpRequest = z.object({ title, description: description.default(''), video }).strict();
export type CreateHelpRequest = z.input<typeof CreateHelpRequest>;

/** PUT /helps/{id}: the fields given change. */
export const UpdateHelpRequest = z.object({ title, description, video }).partial().strict();
export type UpdateHelpRequest = z.input<typeof UpdateHelpRequest>;

/** GET /helps: searchParam matches title or description, case-insensitively. */
export const ListHelpsQuery = z.object({ searchParam: SearchParam });
