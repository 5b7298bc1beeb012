import { connectionStream, type Actor, type ChannelAccount, type ConnectionEvent } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { fold } from '../commands/decider';
import { runCommand, systemActor } from '../commands/run';
import { holdsClearToken, openAccount, sealAccount } from '../secrets/account';
import type { SecretBox } from '../secrets/box';
import { connection } from './connection';

/**
 * A WhatsApp Cloud API number's account (checked against the Graph API by the caller): the phone
 * number id, the business account id (kept in `facebookUserId`, which a Cloud API number has no
 * other use for) and the token, sealed; then its session starts (again) with them.
 */
export async function configureCloudApi(
  ctx: UseCaseContext & { secrets: SecretBox },
  input: { companyId: number; actor: Actor; connectionId: number; phoneNumberId: string; businessAccountId: string; token: string },
): Promise<void> {
  const { companyId, actor, connectionId } = input;
  const streamId = connectionStream(connectionId);
  const account: ChannelAccount = sealAccount(ctx.secrets, { facebookUserId: input.businessAccountId, facebookUserToken: null, facebookPageUserId: input.phoneNumberId, tokenMeta: input.token });
  await runCommand(ctx, { decider: connection, streamId, command: { type: 'ChangeConnectionAccount', account }, companyId, actor });
  // A running session holds the old token: it starts again with the new one.
  const { position } = await runCommand(ctx, { decider: connection, streamId, command: { type: 'RequestSession', kind: 'restart' }, companyId, actor });
  await ctx.waitForProjections(position);
}

/**
 * A Meta account whose tokens were recorded in clear (before they were sealed) is recorded again sealed:
 * the log is immutable, the read model then holds them sealed (docs/security.md). Runs at start.
 */
export async function resealConnectionAccount(ctx: UseCaseContext & { secrets: SecretBox }, connectionId: number): Promise<boolean> {
  const state = fold(connection, (await ctx.store.readStream(connectionStream(connectionId))) as unknown as ConnectionEvent[]);
  if (state.status !== 'active' || !state.account || !holdsClearToken(state.account)) return false;
  const account = sealAccount(ctx.secrets, openAccount(ctx.secrets, state.account));
  await runCommand(ctx, { decider: connection, streamId: connectionStream(connectionId), command: { type: 'ChangeConnectionAccount', account }, companyId: state.companyId, actor: systemActor });
  return true;
}
