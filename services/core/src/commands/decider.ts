/** An event as a decider proposes it: a past-tense fact with its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** What a decider may know besides state and command. Deciders never read clocks or databases. */
export interface DecideContext {
  now: Date;
}

/**
 * One aggregate's rules (Emmett/Chassaing decider): `evolve` folds facts into state,
 * `decide` turns a command into new facts or throws a DomainError. Both pure.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (state: State, command: Command, context: DecideContext) => Event[];
  /**
   * The fold's version beside its source (a persisted snapshot of this decider's state is read only
   * by the same version and the same initialState/evolve source): bump it when a helper the fold
   * calls changes what it folds. Defaults to 1.
   */
  version?: number;
  /**
   * Commands whose events hold whatever else lands on the stream meanwhile (their fold commutes
   * with every other event, e.g. adding an item under a fresh id): appended without an expected
   * revision, so writers of one stream in several processes never refuse each other.
   */
  commutes?: (command: Command) => boolean;
}

export const fold = <State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());

/**
 * Folds a stream as the store reads it back. The store parses each event's data against the registry's schema,
 * the one the decider's event union is derived from (EventUnion), so the stream's events are the decider's: the
 * one place that is said, instead of a cast at every read.
 */
export const foldStream = <State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  recorded: readonly DomainEvent[],
): State => fold(decider, recorded as readonly Event[]);
