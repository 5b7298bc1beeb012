import { streams, type Actor, type QueueWorkSettings, type UserStatus } from '@conversa/contracts';
import type { CommandResult } from '../commands/handle';
import { runCommand, type CommandContext } from '../commands/run';
import { queueWork, userStatus, type QueueWorkState, type UserStatusState } from './deciders';

/** A queue's assignment, line and SLA settings, as a whole. */
export function setQueueWork(
  ctx: CommandContext,
  input: { companyId: number; actor: Actor; queueId: number; settings: QueueWorkSettings },
): Promise<CommandResult<QueueWorkState>> {
  return runCommand(ctx, {
    decider: queueWork,
    streamId: streams.queueWork(input.queueId),
    command: { type: 'SetQueueWork', queueId: input.queueId, settings: input.settings },
    companyId: input.companyId,
    actor: input.actor,
  });
}

/** The status an attendant chose in the top bar. */
export function chooseUserStatus(
  ctx: CommandContext,
  input: { companyId: number; actor: Actor; userId: number; status: UserStatus },
): Promise<CommandResult<UserStatusState>> {
  return runCommand(ctx, {
    decider: userStatus,
    streamId: streams.userStatus(input.userId),
    command: { type: 'ChooseUserStatus', userId: input.userId, status: input.status },
    companyId: input.companyId,
    actor: input.actor,
  });
}
