import { GraphError, PAGE_WEBHOOK_FIELDS, type MetaSettings } from '@conversa/channels/meta/index';
import type { ConnectFacebookRequest } from '@conversa/contracts';
import {
  connectionRosterStream,
  connectionStream,
  defaultConnectionDetails,
  DomainError,
  type ChannelAccount,
  type ConnectionView,
  type Position,
} from '@conversa/contracts';
import { claimChannelAccount, connection, connectionRoster, releaseChannelAccount, runCommand, sealAccount, foldStream } from '@conversa/core';
import { findCompany } from '@conversa/projections/companies/queries';
import { connectionsOfAccount, findConnection } from '@conversa/projections/connections/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { generateConnectionToken } from '../connections/routes';
import { userActor, type ApiContext } from '../context';
import type { Principal } from '../http/auth';

/** A Graph failure as the answer of POST /facebook: a refused token is the caller's to fix; anything else is Meta's. */
function graphFailure(error: unknown): never {
  if (error instanceof GraphError) {
    if (error.tokenInvalid || (error.status >= 400 && error.status < 500)) throw new DomainError('ERR_META_TOKEN_INVALID', undefined, { graph: error.message });
    throw new DomainError('ERR_META_UNAVAILABLE', undefined, { graph: error.message });
  }
  if (error instanceof DomainError) throw error;
  throw new DomainError('ERR_META_UNAVAILABLE');
}

interface LinkTarget {
  channel: 'facebook' | 'instagram';
  name: string;
  account: ChannelAccount;
}

/**
 * POST /facebook: exchanges the login's token for a long-lived one, lists the pages the
 * user manages, subscribes each page to the app's webhook, and makes one `facebook` connection per
 * page (plus one `instagram` connection per linked Instagram account when addInstagram). A page
 * already connected in the company gets the new tokens instead of a second connection. The plan's
 * channel flags and connection limit are checked before anything is written, and so is each page's
 * and Instagram account's owner: one held by another company's connection is refused
 * (ERR_CHANNEL_ALREADY_CONNECTED), then claimed race-free as it is linked. Answers the connections it
 * created or updated.
 */
export async function connectFacebook(ctx: ApiContext, principal: Principal, body: ConnectFacebookRequest, settings: MetaSettings): Promise<ConnectionView[]> {
  if (!settings.appId) throw new DomainError('ERR_META_NOT_CONFIGURED');
  const companyId = principal.companyId;
  const actor = userActor(principal.userId);
  const company = await findCompany(ctx.db, companyId);
  const plan = company && (await findPlan(ctx.db, company.planId));
  if (!plan) throw new DomainError('ERR_SESSION_EXPIRED');
  if (!plan.useFacebook || (body.addInstagram && !plan.useInstagram)) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');

  const { graph } = settings;
  let userToken: string;
  let pages: Awaited<ReturnType<MetaSettings['graph']['pagesOf']>>;
  try {
    userToken = await graph.exchangeUserToken(settings.appId, settings.appSecret, body.facebookUserToken);
    pages = await graph.pagesOf(body.facebookUserId, userToken);
  } catch (error) {
    graphFailure(error);
  }

  const targets: LinkTarget[] = [];
  for (const page of pages) {
    // The tokens are recorded sealed (sealAccount); the page ids stay readable, webhooks are routed by them.
    const base = { facebookUserId: body.facebookUserId, facebookUserToken: userToken, tokenMeta: page.accessToken };
    targets.push({ channel: 'facebook', name: page.name, account: sealAccount(ctx.secrets, { ...base, facebookPageUserId: page.id }) });
    if (body.addInstagram && page.instagram)
      targets.push({
        channel: 'instagram',
        name: page.instagram.username,
        account: sealAccount(ctx.secrets, { ...base, facebookPageUserId: page.instagram.id }),
      });
  }
  const existing = new Map<LinkTarget, number>();
  const holders = (target: LinkTarget) => async () =>
    (await connectionsOfAccount(ctx.db, target.channel, target.account.facebookPageUserId!)).map((held) => held.id);
  for (const target of targets) {
    const held = await connectionsOfAccount(ctx.db, target.channel, target.account.facebookPageUserId!);
    const mine = held.find((found) => found.companyId === companyId);
    // A page or account another connection holds (another company's) is refused before anything is written.
    if (held.some((found) => found.id !== mine?.id)) throw new DomainError('ERR_CHANNEL_ALREADY_CONNECTED');
    if (mine) existing.set(target, mine.id);
  }
  // The limit is checked for the whole request up front, so a refusal leaves nothing half-linked.
  const roster = foldStream(connectionRoster, await ctx.store.readStream(connectionRosterStream(companyId)));
  const held = Object.values(roster.connections).filter((channel) => channel !== 'sandbox').length;
  const created = targets.length - existing.size;
  if (created > 0 && held + created > plan.connections) throw new DomainError('ERR_PLAN_CONNECTION_LIMIT', undefined, { limit: plan.connections });

  // Meta delivers a page's messages (and its Instagram account's) only once the page subscribes the app.
  try {
    for (const page of pages) await graph.subscribePage(page.id, page.accessToken, PAGE_WEBHOOK_FIELDS);
  } catch (error) {
    graphFailure(error);
  }

  const linked: number[] = [];
  let position: Position | null = null;
  for (const target of targets) {
    const known = existing.get(target);
    const claim = (connectionId: number) => ({ companyId, actor, channel: target.channel, accountId: target.account.facebookPageUserId!, connectionId });
    if (known !== undefined) {
      // Race-free where the check above is not: the claim's stream has one owner.
      await claimChannelAccount(ctx, claim(known), holders(target));
      await runCommand(ctx, {
        decider: connection,
        streamId: connectionStream(known),
        command: { type: 'ChangeConnectionAccount', account: target.account },
        companyId,
        actor,
      });
      // The running session holds the old token: it starts again with the new one.
      ({ position } = await runCommand(ctx, {
        decider: connection,
        streamId: connectionStream(known),
        command: { type: 'RequestSession', kind: 'restart' },
        companyId,
        actor,
      }));
      linked.push(known);
      continue;
    }
    const connectionId = await ctx.ids.next('connection');
    await claimChannelAccount(ctx, claim(connectionId), holders(target));
    try {
      await runCommand(ctx, {
        decider: connectionRoster,
        streamId: connectionRosterStream(companyId),
        command: { type: 'RegisterConnection', connectionId, channel: target.channel, plan, makeDefault: false },
        companyId,
        actor,
      });
    } catch (error) {
      await releaseChannelAccount(ctx, claim(connectionId));
      throw error;
    }
    try {
      await runCommand(ctx, {
        decider: connection,
        streamId: connectionStream(connectionId),
        command: {
          type: 'CreateConnection',
          connectionId,
          companyId,
          channel: target.channel,
          token: generateConnectionToken(),
          details: { ...defaultConnectionDetails(), name: target.name.slice(0, 50).padEnd(2, '_') },
          account: target.account,
        },
        companyId,
        actor,
      });
    } catch (error) {
      await runCommand(ctx, {
        decider: connectionRoster,
        streamId: connectionRosterStream(companyId),
        command: { type: 'UnregisterConnection', connectionId },
        companyId,
        actor,
      });
      await releaseChannelAccount(ctx, claim(connectionId));
      throw error;
    }
    // Meta connections have no QR code: their session only checks the token, and sends.
    ({ position } = await runCommand(ctx, {
      decider: connection,
      streamId: connectionStream(connectionId),
      command: { type: 'RequestSession', kind: 'start' },
      companyId,
      actor,
    }));
    linked.push(connectionId);
  }
  await ctx.waitForProjections(position);
  const views = await Promise.all(linked.map((id) => findConnection(ctx.db, id, { companyId })));
  return views.filter((view): view is ConnectionView => view !== null);
}
