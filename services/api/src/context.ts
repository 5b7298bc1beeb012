import type { MetaSettings } from '@conversa/channels/meta/index';
import type { EventRegistry, Position } from '@conversa/contracts';
import { runCommand, systemActor, userActor, type CommandResult, type DomainEvent, type Execution, type IdAllocator } from '@conversa/core';
import type { EventStore } from '@conversa/eventstore';
import type { MediaStore } from '@conversa/media';
import type { Kysely } from 'kysely';
import type { TokenService } from './http/tokens';
import type { SessionGuard } from './session/guard';
import type { LoginLimiter } from './session/limiter';

export interface ApiContext {
  store: EventStore;
  registry: EventRegistry;
  db: Kysely<any>;
  ids: IdAllocator;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  /** Whether an access token's session is still active (logout, password change, deletion end it). */
  sessions: SessionGuard;
  /** Message files (uploads, channel downloads, quick-message media). */
  media: MediaStore;
  /** Resolves when every read model has committed the position: answers read what the command wrote. */
  waitForProjections(position: Position | null): Promise<void>;
  hashPassword(password: string): Promise<string>;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  now(): Date;
  /** Secure cookies when served over https. */
  secureCookies: boolean;
  /** Days of trial a self-service signup gets before its first due date. */
  trialDays: number;
  /** Facebook, Instagram and WhatsApp Cloud API (webhook, POST /facebook); absent when the server has no Meta app configured. */
  meta?: MetaSettings;
}

/** Runs a command and waits until the read models show its effect. */
export async function execute<State, Command, Event extends DomainEvent>(
  ctx: ApiContext,
  execution: Execution<State, Command, Event>,
): Promise<CommandResult<State>> {
  const result = await runCommand(ctx, execution);
  await ctx.waitForProjections(result.position);
  return result;
}

export { userActor, systemActor };
