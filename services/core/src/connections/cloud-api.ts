import { connectionStream, type Actor, type ChannelAccount } from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import type { UseCaseContext } from '../commands/execute';
import { systemActor } from '../commands/run';
import { holdsClearToken, openAccount, sealAccount } from '../secrets/account';
import type { SecretBox } from '../secrets/box';
import { streamRuns } from '../shared/stream-commands';
import { claimChannelAccount, releaseChannelAccount } from './channel-account';
import { connection } from './connection';

const onConnection = streamRuns(connection, connectionStream);

/**
 * A WhatsApp Cloud API number's account (checked against the Graph API by the caller): the phone
 * number id, the business account id (kept in `facebookUserId`, which a Cloud API number has no
 * other use for) and the token, sealed; then its session starts (again) with them. The phone number id is
 * claimed first (ERR_CHANNEL_ALREADY_CONNECTED when another live connection holds it, `holders`
 * naming the read model's); a number it held before is given back.
 */
export async function configureCloudApi(
  ctx: UseCaseContext & { secrets: SecretBox },
  input: {
    companyId: number;
    actor: Actor;
    connectionId: number;
    phoneNumberId: string;
    businessAccountId: string;
    token: string;
    holders: (phoneNumberId: string) => Promise<number[]>;
  },
): Promise<void> {
  const { companyId, actor, connectionId, phoneNumberId } = input;
  const before = foldStream(connection, await ctx.store.readStream(connectionStream(connectionId)));
  const previous = before.status === 'active' ? before.account?.facebookPageUserId : null;
  const claim = { companyId, actor, channel: 'whatsappapi' as const, connectionId };
  await claimChannelAccount(ctx, { ...claim, accountId: phoneNumberId }, () => input.holders(phoneNumberId));
  const account: ChannelAccount = sealAccount(ctx.secrets, {
    facebookUserId: input.businessAccountId,
    facebookUserToken: null,
    facebookPageUserId: phoneNumberId,
    tokenMeta: input.token,
  });
  await onConnection(ctx, input, connectionId, { type: 'ChangeConnectionAccount', account });
  if (previous && previous !== phoneNumberId) await releaseChannelAccount(ctx, { ...claim, accountId: previous });
  // A running session holds the old token: it starts again with the new one.
  const { position } = await onConnection(ctx, input, connectionId, { type: 'RequestSession', kind: 'restart' });
  await ctx.waitForProjections(position);
}

/**
 * A Meta account whose tokens were recorded in clear (before they were sealed) is recorded again sealed:
 * the log is immutable, the read model then holds them sealed (docs/security.md). Runs at start.
 */
export async function resealConnectionAccount(ctx: UseCaseContext & { secrets: SecretBox }, connectionId: number): Promise<boolean> {
  const state = foldStream(connection, await ctx.store.readStream(connectionStream(connectionId)));
  if (state.status !== 'active' || !state.account || !holdsClearToken(state.account)) return false;
  const account = sealAccount(ctx.secrets, openAccount(ctx.secrets, state.account));
  await onConnection(ctx, { companyId: state.companyId, actor: systemActor }, connectionId, { type: 'ChangeConnectionAccount', account });
  return true;
}
