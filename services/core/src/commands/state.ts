import type { RecordedEvent } from '@conversa/contracts';
import type { StateFold } from '@conversa/eventstore';
import { createHash } from 'node:crypto';
import type { Decider, DomainEvent } from './decider';

const folds = new WeakMap<object, StateFold<unknown>>();

/**
 * The decider's fold as the state cache keeps it. Its key is the decider's version and a hash of
 * its initialState and evolve source, so a deployment that changes the fold never reads a snapshot
 * the old one wrote (it folds the stream afresh once and writes its own).
 */
export function foldOf<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>): StateFold<State> {
  let fold = folds.get(decider) as StateFold<State> | undefined;
  if (!fold) {
    const source = `${decider.initialState.toString()}\n${decider.evolve.toString()}`;
    const key = `v${decider.version ?? 1}-${createHash('sha256').update(source).digest('hex').slice(0, 20)}`;
    fold = { key, initialState: decider.initialState, evolve: (state: State, event: RecordedEvent) => decider.evolve(state, event as unknown as Event) };
    folds.set(decider, fold as StateFold<unknown>);
  }
  return fold;
}
