import { channelAccountStream } from '@conversa/contracts';
import { channelAccount, foldStream } from '@conversa/core';
import { connectionSecrets, connectionsOfAccount } from '@conversa/projections/connections/queries';
import { applyChannelEvent, type ApplyContext } from '../channel-inbound';
import { createSessionHooks } from '../session-hooks';
import type { SessionContext, SessionLogger } from '../session-port';
import type { GraphApi } from './graph';
import { mapWebhook, type MetaDelivery, type MetaMediaRef, type MetaWebhookPayload } from './webhook';

/** Meta's app settings: what the webhook route and POST /facebook need. */
export interface MetaSettings {
  /** The app's id (POST /facebook exchanges tokens with it; our own echoes carry it). */
  appId: string;
  /** Signs every webhook delivery (X-Hub-Signature-256); without it, deliveries are refused. */
  appSecret: string;
  /** What the GET handshake must present as hub.verify_token. */
  verifyToken: string;
  graph: GraphApi;
}

export interface MetaWebhookResult {
  /** Events recorded (new messages, acks, edits, deletions). */
  recorded: number;
  /** Accounts the delivery named that no live connection holds. */
  unknownAccounts: string[];
}

/** Profile names of Messenger / Instagram users, per process: a webhook names people only by their page-scoped id. */
const profileNames = new Map<string, string | null>();
const PROFILE_CACHE_LIMIT = 10_000;

async function nameOf(graph: GraphApi, token: string, channel: 'facebook' | 'instagram', userId: string, log: SessionLogger): Promise<string | null> {
  const key = `${channel}:${userId}`;
  if (profileNames.has(key)) return profileNames.get(key)!;
  let name: string | null = null;
  try {
    name = (await graph.profile(token, userId, channel === 'instagram' ? 'instagram' : 'messenger')).name;
  } catch (error) {
    // Profiles need extra permissions; without them the contact keeps its id as its name.
    log.warn({ err: error, channel }, 'meta: the sender profile could not be read');
  }
  if (profileNames.size >= PROFILE_CACHE_LIMIT) profileNames.delete(profileNames.keys().next().value!);
  profileNames.set(key, name);
  return name;
}

/**
 * Records a verified webhook delivery: each account's events go to the one live connection holding
 * that account (claims keep it one; of holders from before claims, the claim's owner or else the
 * oldest), through the same session hooks (and the same applier) as the other channels, so a
 * redelivery by Meta records nothing twice. Files are fetched from Meta's CDN (Messenger, Instagram)
 * or through the Graph API with the connection's token (Cloud API).
 */
export async function handleMetaWebhook(
  ctx: SessionContext,
  settings: Pick<MetaSettings, 'appId' | 'graph'>,
  payload: MetaWebhookPayload,
  log: SessionLogger,
): Promise<MetaWebhookResult> {
  const result: MetaWebhookResult = { recorded: 0, unknownAccounts: [] };
  for (const delivery of mapWebhook(payload, { appId: settings.appId })) {
    const connections = await connectionsOfAccount(ctx.db, delivery.channel, delivery.accountId);
    if (connections.length === 0) {
      result.unknownAccounts.push(delivery.accountId);
      continue;
    }
    const target = connections.length === 1 ? connections[0]! : await ownerAmong(ctx, delivery, connections, log);
    result.recorded += await deliver(ctx, settings.graph, { ...target, channel: delivery.channel }, delivery, log);
  }
  return result;
}

/** Of several live holders of one account (saved before claims existed), the claim's owner, else the oldest. */
async function ownerAmong<T extends { id: number }>(ctx: SessionContext, delivery: MetaDelivery, holders: T[], log: SessionLogger): Promise<T> {
  const claim = foldStream(channelAccount, await ctx.store.readStream(channelAccountStream(delivery.channel, delivery.accountId)));
  log.warn(
    { channel: delivery.channel, connectionIds: holders.map((holder) => holder.id), owner: claim.ownerId },
    'meta: several connections hold one account; only its owner receives',
  );
  return holders.find((holder) => holder.id === claim.ownerId) ?? holders[0]!;
}

async function deliver(
  ctx: SessionContext,
  graph: GraphApi,
  target: { id: number; companyId: number; channel: MetaDelivery['channel'] },
  delivery: MetaDelivery,
  log: SessionLogger,
): Promise<number> {
  const secrets = await connectionSecrets(ctx.db, target.id);
  const token = secrets?.account.tokenMeta ? ctx.secrets.open(secrets.account.tokenMeta) : null;
  const hooks = createSessionHooks(ctx, target, { log });
  const context: ApplyContext<MetaMediaRef> = {
    hooks,
    download: async ({ ref }) => {
      if (ref.kind === 'url') {
        const file = await graph.http.download(ref.url);
        return { data: file.stream, mime: file.mime };
      }
      if (!token) throw new Error('the connection has no Cloud API token to fetch the file with');
      const file = await graph.downloadCloudMedia(ref.id, token);
      return { data: file.stream, mime: file.mime };
    },
  };
  let recorded = 0;
  const unmatchedAcks: Array<{ providerId: string; ack: number }> = [];
  for (const event of delivery.events) {
    try {
      if (
        event.kind === 'message' &&
        target.channel !== 'whatsappapi' &&
        token &&
        event.chat.name === event.chat.number &&
        !(await hooks.isRecorded(event.providerId))
      ) {
        const name = await nameOf(graph, token, target.channel, event.chat.number, log);
        if (name) event.chat = { ...event.chat, name };
      }
      const applied = await applyChannelEvent(event, context);
      if (applied.recorded) recorded += 1;
      else if (event.kind === 'ack') unmatchedAcks.push(event);
    } catch (error) {
      // One event Meta sent that cannot be recorded must not lose the others of the delivery.
      log.error({ err: error, connectionId: target.id, kind: event.kind }, 'meta: webhook event not recorded');
    }
  }
  if (unmatchedAcks.length > 0) retryAcks(hooks, unmatchedAcks, log);
  return recorded;
}

/** Waits before each new try of acks nobody matched yet (ms): Meta's status can overtake our own record of the send. */
export const ACK_RETRY_DELAYS_MS = [250, 1_000, 4_000];

/**
 * Meta reports a message's status as soon as it accepted it, which can be before the sender has
 * recorded the send (or before the read model that maps provider ids shows it). Those acks are
 * tried again a few times in the background instead of being lost; the webhook answers at once.
 */
function retryAcks(hooks: ReturnType<typeof createSessionHooks>, acks: Array<{ providerId: string; ack: number }>, log: SessionLogger): void {
  let pending = acks;
  const attempt = (index: number) => {
    const delay = ACK_RETRY_DELAYS_MS[index];
    if (delay === undefined || pending.length === 0) return;
    setTimeout(async () => {
      const still: typeof pending = [];
      for (const ack of pending) {
        try {
          if (!(await hooks.messageAck(ack))) still.push(ack);
        } catch (error) {
          log.warn({ err: error, providerId: ack.providerId }, 'meta: ack not recorded');
        }
      }
      pending = still;
      attempt(index + 1);
    }, delay).unref();
  };
  attempt(0);
}
