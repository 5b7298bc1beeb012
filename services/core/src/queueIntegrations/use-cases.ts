import {
  queueIntegrationStream,
  serviceAccountOf,
  type Actor,
  type CreateQueueIntegrationRequest,
  type UpdateQueueIntegrationRequest,
} from '@conversa/contracts';
import { DomainError } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import { hostAllowed } from '../net/outbound-address';
import type { SecretBox } from '../secrets/box';
import { queueIntegration } from './queue-integration';

const onQueueIntegration = streamCommands(queueIntegration, queueIntegrationStream);

export interface IntegrationUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
  secrets: SecretBox;
  /** OUTBOUND_ALLOW_PRIVATE_URLS: a company's URL may lead to a private, loopback or link-local address. */
  outbound: { allowPrivateUrls: boolean };
}

/**
 * Refuses a company's URL (Typebot, n8n, webhook) whose host resolves into a private, loopback,
 * link-local or reserved range; the connectors check again the address they dial (DNS rebinding).
 */
export async function checkIntegrationUrl(ctx: Pick<IntegrationUseCaseContext, 'outbound'>, url: string): Promise<void> {
  if (ctx.outbound.allowPrivateUrls || url.trim() === '') return;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    throw new DomainError('ERR_INTEGRATION_URL_NOT_ALLOWED');
  }
  if (!(await hostAllowed(hostname))) throw new DomainError('ERR_INTEGRATION_URL_NOT_ALLOWED');
}

/** Creates a queue integration; the Dialogflow key is sealed before it is recorded. */
export async function createQueueIntegration(
  ctx: IntegrationUseCaseContext,
  input: { companyId: number; actor: Actor; details: CreateQueueIntegrationRequest },
): Promise<number> {
  if (input.details.type !== 'dialogflow') await checkIntegrationUrl(ctx, input.details.urlN8N);
  const integrationId = await ctx.ids.next('queue_integration');
  const details = { ...input.details, ...sealedKey(ctx.secrets, input.details.jsonContent) };
  await onQueueIntegration(ctx, input, integrationId, { type: 'CreateQueueIntegration', integrationId, details });
  return integrationId;
}

/** Changes the fields given; an empty jsonContent keeps the stored key. */
export async function changeQueueIntegration(
  ctx: IntegrationUseCaseContext,
  input: { companyId: number; actor: Actor; id: number; changes: UpdateQueueIntegrationRequest },
): Promise<void> {
  const { jsonContent, ...rest } = input.changes;
  if (rest.urlN8N !== undefined && rest.type !== 'dialogflow') await checkIntegrationUrl(ctx, rest.urlN8N);
  const changes = jsonContent !== undefined && jsonContent.trim() !== '' ? { ...rest, ...sealedKey(ctx.secrets, jsonContent) } : rest;
  await onQueueIntegration(ctx, input, input.id, { type: 'ChangeQueueIntegration', changes });
}

export async function deleteQueueIntegration(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number }): Promise<{ message: string }> {
  await onQueueIntegration(ctx, input, input.id, { type: 'DeleteQueueIntegration' });
  return { message: 'Integration deleted' };
}

/** The key sealed, with the service account's e-mail to show in its place. */
function sealedKey(secrets: SecretBox, json: string): { jsonContent: string; credentialsHint: string | null } {
  const plain = json.trim();
  return { jsonContent: secrets.seal(plain), credentialsHint: serviceAccountOf(plain)?.client_email.slice(0, 320) ?? null };
}
