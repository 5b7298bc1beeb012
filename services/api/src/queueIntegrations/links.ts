import { DomainError } from '@conversa/contracts';
import { existingPromptIds } from '@conversa/projections/prompts/queries';
import { existingQueueIntegrationIds } from '@conversa/projections/queueIntegrations/queries';
import type { ApiContext } from '../context';

/**
 * A connection, queue or chatbot option may only hand conversations to the company's own
 * integrations and prompts: another company's id (or a deleted one) is refused as not found.
 */
export async function checkBotLinks(
  ctx: ApiContext,
  companyId: number,
  links: { integrationIds?: readonly (number | null | undefined)[]; promptIds?: readonly (number | null | undefined)[] },
): Promise<void> {
  const integrationIds = [...new Set((links.integrationIds ?? []).filter((id): id is number => typeof id === 'number'))];
  const promptIds = [...new Set((links.promptIds ?? []).filter((id): id is number => typeof id === 'number'))];
  const integrations = new Set(await existingQueueIntegrationIds(ctx.db, companyId, integrationIds));
  const missingIntegrations = integrationIds.filter((id) => !integrations.has(id));
  if (missingIntegrations.length > 0) throw new DomainError('ERR_NO_INTEGRATION_FOUND', undefined, { integrationIds: missingIntegrations });
  const prompts = new Set(await existingPromptIds(ctx.db, companyId, promptIds));
  const missingPrompts = promptIds.filter((id) => !prompts.has(id));
  if (missingPrompts.length > 0) throw new DomainError('ERR_NO_PROMPT_FOUND', undefined, { promptIds: missingPrompts });
}
