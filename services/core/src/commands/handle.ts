import { DomainError, type Actor, type EventMetadataInput, type EventToAppend, type Position, type RecordedEvent } from '@conversa/contracts';
import { WrongExpectedVersionError, type EventStore } from '@conversa/eventstore';
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { currentCorrelationId } from './correlation';
import type { Decider, DomainEvent } from './decider';

/** Namespace for event ids derived from command ids: the same command always yields the same ids. */
const COMMAND_EVENT_NAMESPACE = '6f2b8f3e-5a4c-4d1e-9c1a-2f7e0b3d8a11';

export interface CommandMetadata {
  companyId: number;
  actor: Actor;
  correlationId?: string;
  causationId?: string;
}

export interface HandleCommandOptions<State, Command, Event extends DomainEvent> {
  decider: Decider<State, Command, Event>;
  streamId: string;
  command: Command;
  metadata: CommandMetadata;
  /**
   * Idempotency key. Sending the same command id twice appends once; the second call answers
   * with the events of the first. Without it the command is not deduplicated.
   */
  commandId?: string;
  now?: Date;
  /**
   * The stream as the caller has just read it: the first attempt decides on it instead of reading
   * it again (a conflict re-reads, so a stale history costs a retry, never a wrong decision).
   */
  knownHistory?: readonly RecordedEvent[];
  /** How many times a concurrency conflict is retried (re-read, re-decide) before giving up. Default 25. */
  maxRetries?: number;
  /** Schema version of each event type; the registry knows it. Defaults to 1. */
  schemaVersionOf?: (type: string) => number;
  /** The data as the store will keep it (the registry's schema applied: trimmed strings…). Defaults to the decided data. */
  normalize?: (type: string, data: unknown) => unknown;
}

/** An event as the command wrote it; a repeated command answers with the stored ones. */
export type CommandEvent = Pick<RecordedEvent, 'id' | 'streamId' | 'revision' | 'type' | 'data'> & { metadata: EventMetadataInput };

export interface CommandResult<State> {
  state: State;
  /** The events this command produced (or produced the first time, for a repeated command id). */
  events: CommandEvent[];
  nextExpectedRevision: number;
  /** Position of the last event this command produced; null when it produced none. */
  position: Position | null;
  /** True when the command id had been handled before and nothing was appended now. */
  repeated: boolean;
}

/**
 * Load → decide → append with the expected revision; on a conflict re-load and decide again,
 * at most `maxRetries` times. Deterministic event ids make a racing duplicate of the same
 * command collapse into one append (the store treats a repeated event id as the same event).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  options: HandleCommandOptions<State, Command, Event>,
): Promise<CommandResult<State>> {
  const { decider, streamId, command, commandId, metadata } = options;
  const maxRetries = options.maxRetries ?? 25;
  const now = options.now ?? new Date();
  const correlationId = metadata.correlationId ?? currentCorrelationId() ?? commandId ?? randomUUID();

  for (let attempt = 0; ; attempt++) {
    const history = attempt === 0 && options.knownHistory ? options.knownHistory : await store.readStream(streamId);
    let state = decider.initialState();
    for (const event of history) state = decider.evolve(state, event as unknown as Event);
    const lastRevision = history.length > 0 ? history[history.length - 1]!.revision : -1;

    if (commandId !== undefined) {
      const earlier = history.filter((event) => event.metadata.commandId === commandId);
      if (earlier.length > 0) {
        return { state, events: earlier, nextExpectedRevision: lastRevision, position: earlier[earlier.length - 1]!.position, repeated: true };
      }
    }

    const decided = decider.decide(state, command, { now });
    if (decided.length === 0) return { state, events: [], nextExpectedRevision: lastRevision, position: null, repeated: false };

    const toAppend: EventToAppend[] = decided.map((event, index) => ({
      id: commandId !== undefined ? uuidv5(`${streamId}:${commandId}:${index}`, COMMAND_EVENT_NAMESPACE) : uuidv7(),
      type: event.type,
      // Normalised once, before the append: the store knows the registry's own output and does not parse it again.
      data: options.normalize ? options.normalize(event.type, event.data) : event.data,
      metadata: {
        companyId: metadata.companyId,
        actor: metadata.actor,
        correlationId,
        causationId: metadata.causationId ?? commandId ?? correlationId,
        occurredAt: now.toISOString(),
        schemaVersion: options.schemaVersionOf?.(event.type) ?? 1,
        ...(commandId !== undefined ? { commandId } : {}),
      },
    }));

    try {
      const result = await store.appendToStream(streamId, toAppend, { expectedRevision: lastRevision === -1 ? 'no_stream' : lastRevision });
      for (const event of decided) state = decider.evolve(state, event);
      // Built from what was written rather than read back: one round trip less on every command.
      const firstRevision = result.nextExpectedRevision - toAppend.length + 1;
      const events: CommandEvent[] = toAppend.map((event, index) => ({
        id: event.id,
        streamId,
        revision: firstRevision + index,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      }));
      return { state, events, nextExpectedRevision: result.nextExpectedRevision, position: result.position, repeated: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxRetries) throw new DomainError('ERR_CONCURRENCY_RETRIES_EXHAUSTED');
      // Each lost race means another command landed; a jittered pause keeps a crowd from colliding again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
    }
  }
}
