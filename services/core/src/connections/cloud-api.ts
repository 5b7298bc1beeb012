import { connectionStream, type Actor, type ChannelAccount } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { runCommand } from '../commands/run';
import { connection } from './connection';

/**
 * A WhatsApp Cloud API number's account (checked against the Graph API by the caller): the phone
 * number id, the business account id (kept in `facebookUserId`, which a Cloud API number has no
 * other use for) and the token; then its session starts (again) with them.
 */
export async function configureCloudApi(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; connectionId: number; phoneNumberId: string; businessAccountId: string; token: string },
): Promise<void> {
  const { companyId, actor, connectionId } = input;
  const streamId = connectionStream(connectionId);
  const account: ChannelAccount = { facebookUserId: input.businessAccountId, facebookUserToken: null, facebookPageUserId: input.phoneNumberId, tokenMeta: input.token };
  await runCommand(ctx, { decider: connection, streamId, command: { type: 'ChangeConnectionAccount', account }, companyId, actor });
  // A running session holds the old token: it starts again with the new one.
  const { position } = await runCommand(ctx, { decider: connection, streamId, command: { type: 'RequestSession', kind: 'restart' }, companyId, actor });
  await ctx.waitForProjections(position);
}
