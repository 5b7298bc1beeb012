import type { Position } from '@conversa/contracts';
import type { DomainEvent } from './decider';
import type { CommandResult } from './handle';
import { runCommand, type CommandContext, type Execution } from './run';

export interface WaitForProjections {
  /** Only these read models (projector names); `[]`: none. */
  readModels?: readonly string[];
  /**
   * The types of the events written: only the read models that handle one of them can change, so
   * only those are waited for (a backlog elsewhere does not hold the request).
   */
  eventTypes?: readonly string[];
}

/** What a use case needs of its process: commands, and a bounded wait until the read models show them. */
export interface UseCaseContext extends CommandContext {
  /** Resolves when the read models have committed the position, or when the process's bound runs out. */
  waitForProjections(position: Position | null, options?: WaitForProjections): Promise<void>;
}

/**
 * The one command style of every use case: run the command, then wait (bounded) until the read
 * models that handle its events show it, so the next step or the answer reads what it wrote.
 */
export async function execute<State, Command, Event extends DomainEvent>(
  ctx: UseCaseContext,
  execution: Execution<State, Command, Event>,
  options: { readModels?: readonly string[] } = {},
): Promise<CommandResult<State>> {
  const result = await runCommand(ctx, execution);
  if (options.readModels?.length !== 0) await ctx.waitForProjections(result.position, { ...options, eventTypes: result.events.map((event) => event.type) });
  return result;
}
