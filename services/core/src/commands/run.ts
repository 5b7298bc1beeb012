import type { Actor, EventRegistry, NumberDigest, RecordedEvent } from '@conversa/contracts';
import type { EventStore, StateCache } from '@conversa/eventstore';
import type { Decider, DomainEvent } from './decider';
import { handleCommand, type CommandResult } from './handle';

/** What any process that issues commands (api, channels, automation) holds. */
export interface CommandContext {
  store: EventStore;
  registry: EventRegistry;
  now(): Date;
  /** The process's folded states and snapshots (one per process, over this store's database); without it each command folds its stream whole. */
  states?: StateCache;
  /** Names a number's guard stream without saying the number (createNumberDigest under SECRETS_KEY). */
  numberDigest: NumberDigest;
}

export interface Execution<State, Command, Event extends DomainEvent> {
  decider: Decider<State, Command, Event>;
  streamId: string;
  command: Command;
  companyId: number;
  actor: Actor;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  /** The stream as the caller has just read it (see HandleCommandOptions.knownHistory). */
  knownHistory?: readonly RecordedEvent[];
}

/** Runs one command on one stream with the registry's schema versions and the context's clock. */
export function runCommand<State, Command, Event extends DomainEvent>(
  ctx: CommandContext,
  execution: Execution<State, Command, Event>,
): Promise<CommandResult<State>> {
  return handleCommand(ctx.store, {
    decider: execution.decider,
    streamId: execution.streamId,
    command: execution.command,
    commandId: execution.commandId,
    knownHistory: execution.knownHistory,
    states: ctx.states,
    metadata: { companyId: execution.companyId, actor: execution.actor, correlationId: execution.correlationId, causationId: execution.causationId },
    now: ctx.now(),
    schemaVersionOf: (type) => (ctx.registry.has(type) ? ctx.registry.versionOf(type) : 1),
    normalize: (type, data) => (ctx.registry.has(type) ? ctx.registry.validateForAppend(type, data) : data),
  });
}

export const userActor = (userId: number): Actor => ({ kind: 'user', id: userId });
export const systemActor: Actor = { kind: 'system', id: 'conversa' };
