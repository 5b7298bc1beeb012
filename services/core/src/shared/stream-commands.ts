import type { Actor } from '@conversa/contracts';
import type { Decider, DomainEvent } from '../commands/decider';
import { execute, type UseCaseContext } from '../commands/execute';
import type { CommandResult } from '../commands/handle';
import { runCommand, type CommandContext, type Execution } from '../commands/run';

/** Who a use case acts as: the company its events are recorded under, and their author. */
export interface Who {
  companyId: number;
  actor: Actor;
}

/** What a command may carry besides its stream, company and actor. */
type Extra = Pick<Execution<unknown, unknown, DomainEvent>, 'commandId' | 'correlationId' | 'causationId' | 'knownHistory'>;

type Runs<Context, State, Command, Id> = (ctx: Context, who: Who, id: Id, command: Command, extra?: Extra) => Promise<CommandResult<State>>;

/**
 * The use cases' way to run a command on one kind of stream: `const onPrompt = streamCommands(prompt, promptStream)`,
 * then `onPrompt(ctx, input, promptId, { type: 'DeletePrompt' })` executes it (awaited into the read models) on that
 * record's stream, as the input's company and actor.
 */
export function streamCommands<State, Command, Event extends DomainEvent, Id = number>(
  decider: Decider<State, Command, Event>,
  streamOf: (id: Id) => string,
): Runs<UseCaseContext, State, Command, Id> {
  return (ctx, who, id, command, extra) => execute(ctx, { decider, streamId: streamOf(id), command, companyId: who.companyId, actor: who.actor, ...extra });
}

/** The same without awaiting the read models (runCommand): for a caller that waits once for many, or not at all. */
export function streamRuns<State, Command, Event extends DomainEvent, Id = number>(
  decider: Decider<State, Command, Event>,
  streamOf: (id: Id) => string,
): Runs<CommandContext, State, Command, Id> {
  return (ctx, who, id, command, extra) => runCommand(ctx, { decider, streamId: streamOf(id), command, companyId: who.companyId, actor: who.actor, ...extra });
}
