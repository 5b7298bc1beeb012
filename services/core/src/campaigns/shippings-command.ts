import { campaignShippingsStream, DomainError, type Actor, type EventToAppend, type RecordedEvent, type ShippingEvent } from '@conversa/contracts';
import { WrongExpectedVersionError } from '@conversa/eventstore';
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { CommandContext } from '../commands/run';
import { campaignShippings, type Shippings, type ShippingsCommand } from './shippings';

/** Event ids from the command id (as command handling derives them): a repeated append is the same events. */
const SHIPPINGS_EVENT_NAMESPACE = '2d8f6c1e-7b3a-4f59-a0c4-9e1d5b7f3a62';

/** A campaign's shippings as one writer holds them: the state and the revision it was folded to. */
export interface ShippingsView {
  state: Shippings;
  /** Revision of the last event folded in; -1 before the first. */
  revision: number;
}

export const emptyShippingsView = (): ShippingsView => ({ state: campaignShippings.initialState(), revision: -1 });

/** An event folded into a view, with when it was recorded (the engine's pacing resumes from it). */
export type ObservedShippingEvent = Pick<RecordedEvent, 'type' | 'data'> & { occurredAt: string };

/** Folds what the stream holds after the view into it; answers the events folded. */
export async function catchUpShippings(
  ctx: CommandContext,
  campaignId: number,
  view: ShippingsView,
  observe?: (event: ObservedShippingEvent) => void,
): Promise<RecordedEvent[]> {
  const fresh = await ctx.store.readStream(campaignShippingsStream(campaignId), { fromRevision: view.revision + 1 });
  for (const event of fresh) {
    campaignShippings.evolve(view.state, event as unknown as ShippingEvent);
    view.revision = event.revision;
    observe?.({ type: event.type, data: event.data, occurredAt: event.metadata.occurredAt });
  }
  return fresh;
}

export interface ShippingsCommandInput {
  companyId: number;
  actor: Actor;
  campaignId: number;
  command: ShippingsCommand;
  /** Idempotency key: an append of this command that landed (its answer lost) is not made again. */
  commandId: string;
  /** The writer's view, caught up and updated in place; default: folded from the stream now. */
  view?: ShippingsView;
  causationId?: string;
  observe?: (event: ObservedShippingEvent) => void;
  maxRetries?: number;
}

/**
 * One command on a campaign's shippings, decided on the writer's view instead of the whole stream
 * read again (a campaign's stream holds an event per attempt and outcome of each contact): the view
 * is caught up with what the stream holds after it, the decider decides, and the events are appended
 * with the view's revision expected. A conflict (another writer appended) catches up and decides again.
 * The view moves only with events the store holds, so a failed append leaves it true.
 */
export async function runShippingsCommand(ctx: CommandContext, input: ShippingsCommandInput): Promise<{ events: ShippingEvent[]; repeated: boolean }> {
  const view = input.view ?? emptyShippingsView();
  const streamId = campaignShippingsStream(input.campaignId);
  const maxRetries = input.maxRetries ?? 25;
  const correlationId = randomUUID();
  for (let attempt = 0; ; attempt++) {
    const fresh = await catchUpShippings(ctx, input.campaignId, view, input.observe);
    if (fresh.some((event) => event.metadata.commandId === input.commandId)) return { events: [], repeated: true };
    const now = ctx.now();
    const decided = campaignShippings.decide(view.state, input.command, { now });
    if (decided.length === 0) return { events: [], repeated: false };
    const occurredAt = now.toISOString();
    const toAppend: EventToAppend[] = decided.map((event, index) => ({
      id: uuidv5(`${streamId}:${input.commandId}:${index}`, SHIPPINGS_EVENT_NAMESPACE),
      type: event.type,
      data: ctx.registry.validateForAppend(event.type, event.data),
      metadata: {
        companyId: input.companyId,
        actor: input.actor,
        correlationId,
        causationId: input.causationId ?? input.commandId,
        occurredAt,
        schemaVersion: ctx.registry.versionOf(event.type),
        commandId: input.commandId,
      },
    }));
    try {
      const result = await ctx.store.appendToStream(streamId, toAppend, { expectedRevision: view.revision === -1 ? 'no_stream' : view.revision });
      for (const event of decided) {
        campaignShippings.evolve(view.state, event);
        input.observe?.({ ...event, occurredAt });
      }
      view.revision = result.nextExpectedRevision;
      return { events: decided, repeated: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxRetries) throw new DomainError('ERR_CONCURRENCY_RETRIES_EXHAUSTED');
    }
  }
}
