import type { Actor, EventRegistry, Position } from '@conversa/contracts';
import { handleCommand, type CommandResult, type Decider, type DomainEvent, type IdAllocator } from '@conversa/core';
import type { EventStore } from '@conversa/eventstore';
import type { Kysely } from 'kysely';
import type { TokenService } from './http/tokens';
import type { LoginLimiter } from './session/limiter';

export interface ApiContext {
  store: EventStore;
  registry: EventRegistry;
  db: Kysely<any>;
  ids: IdAllocator;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  /** Resolves when every read model has committed the position: answers read what the command wrote. */
  waitForProjections(position: Position | null): Promise<void>;
  hashPassword(password: string): Promise<string>;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  now(): Date;
  /** Secure cookies when served over https. */
  secureCookies: boolean;
  /** Days of trial a self-service signup gets before its first due date. */
  trialDays: number;
}

export interface Execution<State, Command, Event extends DomainEvent> {
  decider: Decider<State, Command, Event>;
  streamId: string;
  command: Command;
  companyId: number;
  actor: Actor;
  commandId?: string;
  correlationId?: string;
}

/** Runs a command and waits until the read models show its effect. */
export async function execute<State, Command, Event extends DomainEvent>(
  ctx: ApiContext,
  execution: Execution<State, Command, Event>,
): Promise<CommandResult<State>> {
  const result = await handleCommand(ctx.store, {
    decider: execution.decider,
    streamId: execution.streamId,
    command: execution.command,
    commandId: execution.commandId,
    metadata: { companyId: execution.companyId, actor: execution.actor, correlationId: execution.correlationId },
    now: ctx.now(),
    schemaVersionOf: (type) => (ctx.registry.has(type) ? ctx.registry.versionOf(type) : 1),
  });
  await ctx.waitForProjections(result.position);
  return result;
}

export const userActor = (userId: number): Actor => ({ kind: 'user', id: userId });
export const systemActor: Actor = { kind: 'system', id: 'conversa' };
