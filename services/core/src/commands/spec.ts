import { DomainError } from '@conversa/contracts';
import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider';

const DEFAULT_NOW = new Date('2026-01-15T12:00:00.000Z');

/**
 * Given/when/then for deciders:
 *   spec(ticket).given([created]).when(accept).then([accepted])
 *   spec(ticket).given([]).when(accept).thenThrows('ERR_NO_TICKET_FOUND')
 */
export function spec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: readonly Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command, now: Date = DEFAULT_NOW) {
          const run = () => decider.decide(state, command, { now });
          return {
            // The given / when / then chain: never awaited.
            // oxlint-disable-next-line unicorn/no-thenable
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: DomainError['code'], details?: Record<string, unknown>) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, `expected ${code}`).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
              if (details) expect((thrown as DomainError).details).toMatchObject(details);
            },
            /** The state after the command's events, for asserting what evolve made of them. */
            thenState(assert: (state: State) => void) {
              assert(run().reduce(decider.evolve, state));
            },
          };
        },
      };
    },
  };
}
