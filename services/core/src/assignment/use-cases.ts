import { streams, type Actor, type QueueWorkSettings, type UserStatus } from '@conversa/contracts';
import type { CommandResult } from '../commands/handle';
import type { CommandContext } from '../commands/run';
import { streamRuns } from '../shared/stream-commands';
import { queueWork, userStatus, type QueueWorkState, type UserStatusState } from './deciders';

const onQueueWork = streamRuns(queueWork, streams.queueWork);
const onUserStatus = streamRuns(userStatus, streams.userStatus);

/** A queue's assignment, line and SLA settings, as a whole. */
export function setQueueWork(
  ctx: CommandContext,
  input: { companyId: number; actor: Actor; queueId: number; settings: QueueWorkSettings },
): Promise<CommandResult<QueueWorkState>> {
  return onQueueWork(ctx, input, input.queueId, { type: 'SetQueueWork', queueId: input.queueId, settings: input.settings });
}

/** The status an attendant chose in the top bar. */
export function chooseUserStatus(
  ctx: CommandContext,
  input: { companyId: number; actor: Actor; userId: number; status: UserStatus },
): Promise<CommandResult<UserStatusState>> {
  return onUserStatus(ctx, input, input.userId, { type: 'ChooseUserStatus', userId: input.userId, status: input.status });
}
