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
}

export const fold = <State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());
