import { DomainError, type Actor, type EventMetadataInput, type EventToAppend, type Position, type RecordedEvent } from '@conversa/contracts';
import { DuplicateEventIdError, StateCache, WrongExpectedVersionError, type EventStore, type HeldState } from '@conversa/eventstore';
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { currentCorrelationId } from './correlation';
import type { Decider, DomainEvent } from './decider';
import { foldOf } from './state';

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
  /** The process's folded states (commands/state.ts); without it the stream is folded whole. */
  states?: StateCache;
  /** How many times a concurrency conflict is retried (read the tail, re-decide) before giving up. Default 50. */
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

/** Without a cache of its own a command still reads only the tail on a retry, but folds its stream whole first. */
const uncached = () => new StateCache({ maxStreams: 0 });

/**
 * Load → decide → append with the expected revision; on a conflict read the events after what was
 * folded and decide again, at most `maxRetries` times. The state comes from the process's state
 * cache (the tail after what it holds, or a snapshot and its tail: the stream's length costs
 * nothing), and commands on one stream take turns in a process, so only writers in other
 * processes can conflict. Deterministic event ids make a racing duplicate of the same command
 * collapse into one append (the store treats a repeated event id as the same event).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  options: HandleCommandOptions<State, Command, Event>,
): Promise<CommandResult<State>> {
  const { decider, streamId, command, commandId, metadata } = options;
  const maxRetries = options.maxRetries ?? 50;
  const now = options.now ?? new Date();
  const correlationId = metadata.correlationId ?? currentCorrelationId() ?? commandId ?? randomUUID();
  const held = await (options.states ?? uncached()).hold(store, streamId, foldOf(decider), options.knownHistory);
  try {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) await held.catchUp();
      const state = held.state;
      const lastRevision = held.revision;

      let decided: Event[];
      try {
        decided = decider.decide(state, command, { now });
      } catch (error) {
        // A repeated command may be refused by the state its first run made (already created…): it answers as the first run did.
        if (commandId !== undefined && error instanceof DomainError) {
          const earlier = await earlierRun(store, held, commandId);
          if (earlier) return earlier;
        }
        throw error;
      }
      if (decided.length === 0) {
        const earlier = commandId !== undefined ? await earlierRun(store, held, commandId) : null;
        return earlier ?? { state, events: [], nextExpectedRevision: lastRevision, position: null, repeated: false };
      }

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

      const commutes = decider.commutes?.(command) ?? false;
      let result: Awaited<ReturnType<EventStore['appendToStream']>>;
      try {
        result = await store.appendToStream(streamId, toAppend, { expectedRevision: commutes ? 'any' : lastRevision === -1 ? 'no_stream' : lastRevision });
      } catch (error) {
        // The command's ids are stored already (its first run, at another revision): the repeat answers with those events.
        if (error instanceof DuplicateEventIdError && commandId !== undefined) {
          const earlier = await earlierRun(store, held, commandId);
          if (earlier) return earlier;
        }
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= maxRetries) throw new DomainError('ERR_CONCURRENCY_RETRIES_EXHAUSTED');
        // Each lost race means another process's command landed; a jittered, growing pause keeps a crowd from colliding again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
        continue;
      }
      // Built from what was written rather than read back: one round trip less on every command.
      const firstRevision = result.nextExpectedRevision - toAppend.length + 1;
      // The store found this command's batch already written (its first run): the repeat answers with it.
      if (firstRevision <= lastRevision && commandId !== undefined) {
        const earlier = await earlierRun(store, held, commandId);
        if (earlier) return earlier;
      }
      const events: CommandEvent[] = toAppend.map((event, index) => ({
        id: event.id,
        streamId,
        revision: firstRevision + index,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      }));
      const done = { events, nextExpectedRevision: result.nextExpectedRevision, position: result.position, repeated: false };
      if (firstRevision !== lastRevision + 1) {
        // A commuting append landed after another process's events: the held state (not yet folded
        // further) is still right at its revision, so it reads those events and its own from the store.
        await held.catchUp();
        return { state: held.state, ...done };
      }
      // Folded as stored (the registry's normalised data, with metadata), so the cached state is the one a read would fold.
      let next = state;
      for (const event of events) next = decider.evolve(next, event as unknown as Event);
      held.advance(next, result.nextExpectedRevision);
      return { state: next, ...done };
    }
  } finally {
    held.release();
  }
}

/**
 * The events a command id produced before, read from the whole stream: only when the command may be
 * a repeat (refused, deciding nothing, or its ids already stored), never on a fresh command's path.
 */
async function earlierRun<State>(store: EventStore, held: HeldState<State>, commandId: string): Promise<CommandResult<State> | null> {
  const history = await store.readStream(held.streamId);
  const earlier = history.filter((event) => event.metadata.commandId === commandId);
  if (earlier.length === 0) return null;
  await held.catchUp();
  return { state: held.state, events: earlier, nextExpectedRevision: held.revision, position: earlier[earlier.length - 1]!.position, repeated: true };
}
