import { connectionRosterStream, connectionStream, DomainError, type ConnectionChannel, type ConnectionDetails, type Position } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import type { SecretBox } from '../secrets/box';
import { streamCommands, streamRuns, type Who } from '../shared/stream-commands';
import { sealCallToken } from './call-token';
import { claimedChannel, releaseChannelAccount } from './channel-account';
import { connection, connectionRoster, type ConnectionRosterCommand } from './connection';
import { closeImportedTickets } from './imports';

/** What the connection use cases need of their process: ids for new connections, the media store greeting files live in, the box call tokens are sealed with. */
export interface ConnectionUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
  secrets: SecretBox;
  media: { remove(companyId: number, url: string): Promise<void> };
}

type ConnectionPlan = Extract<ConnectionRosterCommand, { type: 'RegisterConnection' }>['plan'];

/** The read models a connection's settings are checked against. */
export interface ConnectionLookup {
  /** Which of these ids are live queues of the company. */
  existingQueueIds(companyId: number, ids: number[]): Promise<number[]>;
  /** The company's plan now (its connection limit and channel flags); null when the company or its plan is unknown. */
  plan(companyId: number): Promise<ConnectionPlan | null>;
}

const onConnection = streamCommands(connection, connectionStream);
const onConnectionRoster = streamCommands(connectionRoster, connectionRosterStream);
/** Without the wait: restarting many sessions waits once, for the last. */
const runOnConnection = streamRuns(connection, connectionStream);

/** Queues named on a connection must be live queues of the same company. */
async function assertCompanyQueues(lookup: ConnectionLookup, companyId: number, details: Partial<ConnectionDetails>): Promise<void> {
  const wanted = [...new Set([...(details.queueIds ?? []), ...(details.sendIdQueue ? [details.sendIdQueue] : [])])];
  if (wanted.length === 0) return;
  const found = new Set(await lookup.existingQueueIds(companyId, wanted));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw new DomainError('ERR_VALIDATION', `queueIds: unknown queues ${missing.join(', ')}`, { queueIds: missing });
}

/**
 * A new connection: registered in the company's roster first (it holds the plan's limit under
 * concurrent creations), then created; if the connection is refused its place is given back. Answers its id.
 */
export async function createConnection(
  ctx: ConnectionUseCaseContext,
  input: Who & { channel: ConnectionChannel; makeDefault: boolean; token: string; details: ConnectionDetails; lookup: ConnectionLookup },
): Promise<number> {
  const { companyId, channel, makeDefault, token, lookup } = input;
  const details = { ...input.details, wavoip: sealCallToken(ctx.secrets, { wavoip: input.details.wavoip }).wavoip ?? '' };
  await assertCompanyQueues(lookup, companyId, details);
  const plan = await lookup.plan(companyId);
  if (!plan) throw new DomainError('ERR_SESSION_EXPIRED');
  const connectionId = await ctx.ids.next('connection');
  await onConnectionRoster(ctx, input, companyId, { type: 'RegisterConnection', connectionId, channel, plan, makeDefault });
  try {
    await onConnection(ctx, input, connectionId, { type: 'CreateConnection', connectionId, companyId, channel, token, details });
  } catch (error) {
    // The connection was refused (dates, greeting rule): its place in the roster is given back.
    await onConnectionRoster(ctx, input, companyId, { type: 'UnregisterConnection', connectionId });
    throw error;
  }
  return connectionId;
}

/** Changes a connection: whether it is the company's default, its token, its details (each only when given). */
export async function changeConnection(
  ctx: UseCaseContext & { secrets: SecretBox },
  input: Who & { connectionId: number; isDefault?: boolean; token?: string; changes: Partial<ConnectionDetails>; lookup: ConnectionLookup },
): Promise<void> {
  const { companyId, connectionId, isDefault, token, lookup } = input;
  const changes = sealCallToken(ctx.secrets, input.changes);
  await assertCompanyQueues(lookup, companyId, changes);
  if (isDefault !== undefined) {
    await onConnectionRoster(
      ctx,
      input,
      companyId,
      isDefault ? { type: 'SetDefaultConnection', connectionId } : { type: 'UnsetDefaultConnection', connectionId },
    );
  }
  if (token !== undefined) await onConnection(ctx, input, connectionId, { type: 'ChangeConnectionToken', token });
  if (Object.keys(changes).length > 0) await onConnection(ctx, input, connectionId, { type: 'ChangeConnectionDetails', changes });
}

/** Deletes a connection and gives back what it held: its place in the roster, its Meta account id and its greeting file. */
export async function deleteConnection(ctx: ConnectionUseCaseContext, input: Who & { connectionId: number; greetingMedia: string | null }): Promise<void> {
  const { companyId, actor, connectionId, greetingMedia } = input;
  const { state } = await onConnection(ctx, input, connectionId, { type: 'DeleteConnection' });
  const channel = state.status === 'none' ? null : claimedChannel(state.channel);
  const accountId = state.status === 'none' ? null : state.account?.facebookPageUserId;
  if (channel && accountId) await releaseChannelAccount(ctx, { companyId, actor, channel, accountId, connectionId });
  await onConnectionRoster(ctx, input, companyId, { type: 'UnregisterConnection', connectionId });
  if (greetingMedia) await ctx.media.remove(companyId, greetingMedia);
}

/**
 * Sets the file sent with the greeting (already in the media store): if the connection refuses it the
 * file goes; once it is set the previous one goes.
 */
export async function setGreetingMedia(
  ctx: ConnectionUseCaseContext,
  input: Who & { connectionId: number; url: string; previous: string | null },
): Promise<void> {
  const { companyId, connectionId, url, previous } = input;
  try {
    await onConnection(ctx, input, connectionId, { type: 'ChangeConnectionDetails', changes: { greetingMediaAttachment: url } });
  } catch (error) {
    await ctx.media.remove(companyId, url);
    throw error;
  }
  if (previous && previous !== url) await ctx.media.remove(companyId, previous);
}

/** Takes the greeting's file off the connection and out of the media store; nothing to do without one. */
export async function clearGreetingMedia(ctx: ConnectionUseCaseContext, input: Who & { connectionId: number; current: string | null }): Promise<void> {
  const { companyId, connectionId, current } = input;
  if (!current) return;
  await onConnection(ctx, input, connectionId, { type: 'ChangeConnectionDetails', changes: { greetingMediaAttachment: null } });
  await ctx.media.remove(companyId, current);
}

/** The session buttons: start (try again), renew (a new QR, replacing the pairing), stop (disconnect). */
export async function runSession(ctx: UseCaseContext, input: Who & { connectionId: number; kind: 'start' | 'renew' | 'stop' }): Promise<void> {
  const { connectionId, kind } = input;
  const command = kind === 'stop' ? ({ type: 'StopSession' } as const) : ({ type: 'RequestSession', kind } as const);
  await onConnection(ctx, input, connectionId, command);
}

/**
 * Restarts these sessions. One bounded wait for the last of them, not one per connection: a stuck
 * read model then holds the request once. Answers how many were restarted.
 */
export async function restartSessions(ctx: UseCaseContext, input: Who & { connectionIds: readonly number[] }): Promise<number> {
  const { connectionIds } = input;
  let last: Position | null = null;
  for (const connectionId of connectionIds) {
    const result = await runOnConnection(ctx, input, connectionId, { type: 'RequestSession', kind: 'restart' });
    last = result.position ?? last;
  }
  await ctx.waitForProjections(last);
  return connectionIds.length;
}

/** The close-imported button: closes the tickets a finished import opened, waited into the read models. Answers how many. */
export async function closeImported(ctx: UseCaseContext, input: Who & { connectionId: number; userId: number | null }): Promise<number> {
  const { closed, position } = await closeImportedTickets(ctx, input);
  await ctx.waitForProjections(position);
  return closed;
}
