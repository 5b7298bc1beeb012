import { DomainError, streams, type Actor } from '@conversa/contracts';
import { execute, type UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { hostAllowed } from '../net/outbound-address';
import type { SecretBox } from '../secrets/box';
import { newWebhookSecret } from './secrets';
import { webhook } from './webhook';

/** What the webhook use cases need: ids, the secret box, and whether private addresses are allowed (WEBHOOKS_ALLOW_PRIVATE_URLS). */
export interface WebhookUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
  webhooks: { secrets: SecretBox; allowPrivateUrls: boolean };
}

/** Refuses an address that resolves into a private, loopback or link-local range (checked again at each connection). */
export async function checkWebhookUrl(ctx: WebhookUseCaseContext, url: string): Promise<void> {
  if (ctx.webhooks.allowPrivateUrls) return;
  if (!(await hostAllowed(new URL(url).hostname))) throw new DomainError('ERR_WEBHOOK_URL_REFUSED');
}

interface Caller {
  companyId: number;
  actor: Actor;
}

/** Creates an endpoint; answers its id and its secret, in clear this once. */
export async function createWebhook(
  ctx: WebhookUseCaseContext,
  input: Caller & { userId: number; url: string; events: string[]; description: string },
): Promise<{ webhookId: number; secret: string }> {
  await checkWebhookUrl(ctx, input.url);
  const webhookId = await ctx.ids.next('webhook');
  const secret = newWebhookSecret();
  await execute(ctx, {
    decider: webhook,
    streamId: streams.webhook(webhookId),
    command: {
      type: 'CreateWebhook',
      webhookId,
      url: input.url,
      events: input.events,
      description: input.description,
      secret: ctx.webhooks.secrets.seal(secret),
      userId: input.userId,
    },
    companyId: input.companyId,
    actor: input.actor,
  });
  return { webhookId, secret };
}

export async function changeWebhook(
  ctx: WebhookUseCaseContext,
  input: Caller & { id: number; changes: { url?: string; events?: string[]; description?: string; active?: boolean } },
): Promise<void> {
  if (input.changes.url !== undefined) await checkWebhookUrl(ctx, input.changes.url);
  await execute(ctx, {
    decider: webhook,
    streamId: streams.webhook(input.id),
    command: { type: 'ChangeWebhook', changes: input.changes },
    companyId: input.companyId,
    actor: input.actor,
  });
}

/** A new secret replaces the old one at once; answers it in clear this once. */
export async function rotateWebhookSecret(ctx: WebhookUseCaseContext, input: Caller & { id: number }): Promise<string> {
  const secret = newWebhookSecret();
  await execute(ctx, {
    decider: webhook,
    streamId: streams.webhook(input.id),
    command: { type: 'RotateWebhookSecret', secret: ctx.webhooks.secrets.seal(secret) },
    companyId: input.companyId,
    actor: input.actor,
  });
  return secret;
}

export async function deleteWebhook(ctx: UseCaseContext, input: Caller & { id: number }): Promise<void> {
  await execute(ctx, {
    decider: webhook,
    streamId: streams.webhook(input.id),
    command: { type: 'DeleteWebhook' },
    companyId: input.companyId,
    actor: input.actor,
  });
}

/** Asks the deliverer to send a delivery again (same delivery id); it does so from the log, never in the request. */
export async function redeliverWebhook(ctx: UseCaseContext, input: Caller & { id: number; deliveryId: string }): Promise<void> {
  await execute(
    ctx,
    {
      decider: webhook,
      streamId: streams.webhook(input.id),
      command: { type: 'RequestWebhookRedelivery', deliveryId: input.deliveryId },
      companyId: input.companyId,
      actor: input.actor,
    },
    { readModels: [] },
  );
}

/** "Resume now": unpauses the endpoint and has the deliverer try the head of its queue at once, the rest following in order. */
export async function resumeWebhook(ctx: UseCaseContext, input: Caller & { id: number }): Promise<void> {
  await execute(
    ctx,
    { decider: webhook, streamId: streams.webhook(input.id), command: { type: 'ResumeWebhook' }, companyId: input.companyId, actor: input.actor },
    { readModels: ['webhooks'] },
  );
}
