import { keepsStoredSecret, maskSecret, promptStream, type Actor, type CreatePromptRequest, type UpdatePromptRequest } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import type { SecretBox } from '../secrets/box';
import { prompt } from './prompt';

const onPrompt = streamCommands(prompt, promptStream);

export interface PromptUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
  secrets: SecretBox;
}

/** Creates a prompt; the AI and speech keys are sealed before they are recorded. */
export async function createPrompt(ctx: PromptUseCaseContext, input: { companyId: number; actor: Actor; details: CreatePromptRequest }): Promise<number> {
  const promptId = await ctx.ids.next('prompt');
  const details = {
    ...input.details,
    apiKey: ctx.secrets.seal(input.details.apiKey),
    apiKeyHint: maskSecret(input.details.apiKey),
    voiceKey: ctx.secrets.seal(input.details.voiceKey),
    voiceKeyHint: maskSecret(input.details.voiceKey),
  };
  await onPrompt(ctx, input, promptId, { type: 'CreatePrompt', promptId, details });
  return promptId;
}

/** Changes the fields given; a key left empty or still masked keeps the stored one. */
export async function changePrompt(
  ctx: PromptUseCaseContext,
  input: { companyId: number; actor: Actor; id: number; changes: UpdatePromptRequest },
): Promise<void> {
  const { apiKey, voiceKey, ...rest } = input.changes;
  const changes = {
    ...rest,
    ...(keepsStoredSecret(apiKey) ? {} : { apiKey: ctx.secrets.seal(apiKey!), apiKeyHint: maskSecret(apiKey!) }),
    // A speech key may be cleared on purpose: only a masked value keeps it.
    ...(voiceKey === undefined || voiceKey.includes('…') ? {} : { voiceKey: ctx.secrets.seal(voiceKey), voiceKeyHint: maskSecret(voiceKey) }),
  };
  await onPrompt(ctx, input, input.id, { type: 'ChangePrompt', changes });
}

export async function deletePrompt(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number }): Promise<{ message: string }> {
  await onPrompt(ctx, input, input.id, { type: 'DeletePrompt' });
  return { message: 'Prompt deleted' };
}
