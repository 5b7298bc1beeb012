import { contactBotStream, contactStream, ticketBotStream, ticketStream, type RecordedProductEvent } from '@conversa/contracts';
import {
  contact,
  contactBot,
  DEFAULT_AUTO_CLOSE_HOURS,
  DEFAULT_TIME_ZONE,
  loadTicket,
  prefetchStreams,
  ticketBot,
  type BotState,
  type CommandContext,
  type ContactBotState,
  type ExistingTicket,
  type IdAllocator,
  type RoutingContact,
  type RoutingTicket,
  foldStream,
} from '@conversa/core';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import type { RoutingTrigger } from './decisions';
import { memoizedDirectory, type RoutingDirectory } from './directory';

/** Who the bot's messages and changes are recorded as (contracts: the read side tells them apart). */
export { BOT_ACTOR } from '@conversa/contracts';

export interface RoutingLogger {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** What the routing reactors and timers run with. */
export interface RoutingRuntime {
  ctx: CommandContext & { ids: IdAllocator; db: Kysely<ReadDatabase> };
  directory: RoutingDirectory;
  /** The company's time zone (America/Sao_Paulo unless configured). */
  timeZone(companyId: number): string;
  /** The environment's auto-close, in minutes (24 hours by default; 0: never). */
  defaultAutoCloseMinutes: number;
  logger?: RoutingLogger;
}

export interface RoutingOptions {
  timeZone?: string;
  autoCloseHours?: number;
  logger?: RoutingLogger;
}

export function routingRuntime(ctx: RoutingRuntime['ctx'], directory: RoutingDirectory, options: RoutingOptions = {}): RoutingRuntime {
  const zone = options.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    ctx,
    directory,
    timeZone: () => zone,
    defaultAutoCloseMinutes: Math.round((options.autoCloseHours ?? DEFAULT_AUTO_CLOSE_HOURS) * 60),
    logger: options.logger,
  };
}

export const routingTicketOf = (ticket: ExistingTicket): RoutingTicket => ({
  id: ticket.ticketId,
  status: ticket.status === 'deleted' ? 'closed' : ticket.status,
  queueId: ticket.queueId,
  userId: ticket.userId,
  contactId: ticket.contactId,
  whatsappId: ticket.whatsappId,
  isGroup: ticket.isGroup,
  channel: ticket.channel,
});

export async function loadExistingTicket(runtime: RoutingRuntime, ticketId: number): Promise<ExistingTicket | null> {
  const ticket = await loadTicket(runtime.ctx, ticketId);
  return ticket.status === 'none' || ticket.status === 'deleted' ? null : ticket;
}

export async function loadContact(runtime: RoutingRuntime, contactId: number): Promise<RoutingContact | null> {
  const state = foldStream(contact, await runtime.ctx.store.readStream(contactStream(contactId)));
  if (state.status !== 'active') return null;
  return { id: state.contactId, name: state.details.name, number: state.details.number, disableBot: state.disableBot, active: state.active };
}

export async function loadContactBot(runtime: RoutingRuntime, contactId: number): Promise<ContactBotState> {
  return foldStream(contactBot, await runtime.ctx.store.readStream(contactBotStream(contactId)));
}

export async function loadBot(runtime: RoutingRuntime, ticketId: number): Promise<BotState> {
  return foldStream(ticketBot, await runtime.ctx.store.readStream(ticketBotStream(ticketId)));
}

/**
 * The runtime for one batch of triggers: the streams the batch will read (each ticket, its bot
 * journal, and for a contact's message the contact and its bot notes) come in one round trip, and
 * the company's set-up is read once. Only first reads are answered ahead: a ticket's second trigger
 * in the batch reads what the first one wrote.
 */
export async function batchRuntime(runtime: RoutingRuntime, events: readonly RecordedProductEvent<RoutingTrigger>[]): Promise<RoutingRuntime> {
  const streams = new Set<string>();
  for (const event of events) {
    const { ticketId } = event.data;
    if (typeof ticketId === 'number') streams.add(ticketStream(ticketId)).add(ticketBotStream(ticketId));
    if (event.type === 'MessageReceived' && typeof event.data.contactId === 'number')
      streams.add(contactStream(event.data.contactId)).add(contactBotStream(event.data.contactId));
  }
  return { ...runtime, ctx: await prefetchStreams(runtime.ctx, [...streams]), directory: memoizedDirectory(runtime.directory) };
}

/** Runs `work` over the items with at most `concurrency` at a time. */
export async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, concurrency), queue.length) }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await work(next);
    }),
  );
}

/** COMPANY_TIME_ZONE (default America/Sao_Paulo) and AUTO_CLOSE_TICKETS_HOURS (24; 0 never). */
export function routingOptionsFromEnv(env: Record<string, string | undefined>): RoutingOptions {
  const hours = env.AUTO_CLOSE_TICKETS_HOURS;
  return {
    ...(env.COMPANY_TIME_ZONE ? { timeZone: env.COMPANY_TIME_ZONE } : {}),
    ...(hours !== undefined && hours !== '' && Number.isFinite(Number(hours)) && Number(hours) >= 0 ? { autoCloseHours: Number(hours) } : {}),
  };
}
