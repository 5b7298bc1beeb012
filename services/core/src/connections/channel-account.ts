import {
  channelAccountStream,
  connectionStream,
  DomainError,
  type Actor,
  type ChannelAccountEvent,
  type ConnectionChannel,
  type MetaAccountChannel,
} from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { foldStream } from '../commands/decider';
import type { UseCaseContext } from '../commands/execute';
import { streamRuns } from '../shared/stream-commands';
import { connection } from './connection';

export type ChannelAccountClaim = { ownerId: number | null };
export type ChannelAccountCommand =
  /** `goneOwnerId`: a connection the caller saw deleted; its stale claim may be taken over. */
  | { type: 'ClaimChannelAccount'; channel: MetaAccountChannel; accountId: string; connectionId: number; goneOwnerId?: number | null }
  | { type: 'ReleaseChannelAccount'; channel: MetaAccountChannel; accountId: string; connectionId: number };

/**
 * Guard aggregate per Meta account id (a page, an Instagram account, a Cloud API phone number id):
 * its stream's expected revision makes the id belong to one live connection across all companies,
 * so two companies saving the same id at once see exactly one win.
 */
export const channelAccount: Decider<ChannelAccountClaim, ChannelAccountCommand, ChannelAccountEvent> = {
  initialState: () => ({ ownerId: null }),
  evolve: (_state, event) => ({ ownerId: event.type === 'ChannelAccountClaimed' ? event.data.connectionId : null }),
  decide(state, command) {
    const { channel, accountId, connectionId } = command;
    switch (command.type) {
      case 'ClaimChannelAccount': {
        if (state.ownerId === connectionId) return [];
        const claimed: ChannelAccountEvent = { type: 'ChannelAccountClaimed', data: { channel, accountId, connectionId } };
        if (state.ownerId === null) return [claimed];
        if (state.ownerId !== command.goneOwnerId) throw new DomainError('ERR_CHANNEL_ALREADY_CONNECTED');
        return [{ type: 'ChannelAccountReleased', data: { channel, accountId, connectionId: state.ownerId } }, claimed];
      }
      case 'ReleaseChannelAccount':
        return state.ownerId === connectionId ? [{ type: 'ChannelAccountReleased', data: { channel, accountId, connectionId } }] : [];
    }
  },
};

/** The Meta channels whose account id is claimed: the others (WhatsApp, sandbox) hold none. */
export const claimedChannel = (channel: ConnectionChannel): MetaAccountChannel | null =>
  channel === 'facebook' || channel === 'instagram' || channel === 'whatsappapi' ? channel : null;

type Claim = { companyId: number; actor: Actor; channel: MetaAccountChannel; accountId: string; connectionId: number };

/** One stream per channel and account id. */
const onChannelAccount = streamRuns(channelAccount, ([channel, accountId]: [MetaAccountChannel, string]) => channelAccountStream(channel, accountId));

/**
 * Claims the id for the connection, or throws ERR_CHANNEL_ALREADY_CONNECTED when another live
 * connection holds it. A holder from before claims existed is found by `legacyHolders` (the read
 * model's live connections with the id); a claim left by a deleted connection is taken over.
 */
export async function claimChannelAccount(ctx: UseCaseContext, claim: Claim, legacyHolders: () => Promise<number[]>): Promise<void> {
  const { channel, accountId, connectionId } = claim;
  const history = await ctx.store.readStream(channelAccountStream(channel, accountId));
  const owner = foldStream(channelAccount, history).ownerId;
  if (owner === null && (await legacyHolders()).some((id) => id !== connectionId)) throw new DomainError('ERR_CHANNEL_ALREADY_CONNECTED');
  let goneOwnerId: number | null = null;
  if (owner !== null && owner !== connectionId) {
    const ownerState = foldStream(connection, await ctx.store.readStream(connectionStream(owner)));
    if (ownerState.status === 'deleted') goneOwnerId = owner;
  }
  await onChannelAccount(
    ctx,
    claim,
    [channel, accountId],
    { type: 'ClaimChannelAccount', channel, accountId, connectionId, goneOwnerId },
    { knownHistory: history },
  );
}

/** Gives the id back (the connection was deleted, or now holds another id); a no-op if it held none. */
export async function releaseChannelAccount(ctx: UseCaseContext, claim: Claim): Promise<void> {
  const { channel, accountId, connectionId } = claim;
  await onChannelAccount(ctx, claim, [channel, accountId], { type: 'ReleaseChannelAccount', channel, accountId, connectionId });
}
