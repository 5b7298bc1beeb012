import type { PromptEvent } from '@conversa/contracts';
import { recordDecider } from '../commands/record';

export const prompt = recordDecider<PromptEvent>()({
  id: 'promptId',
  created: 'PromptCreated',
  changed: 'PromptChanged',
  deleted: 'PromptDeleted',
  create: 'CreatePrompt',
  change: 'ChangePrompt',
  delete: 'DeletePrompt',
  notFound: 'ERR_NO_PROMPT_FOUND',
  exists: 'Prompt already exists',
});
