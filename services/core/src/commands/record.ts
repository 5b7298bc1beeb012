import { DomainError, type ErrorCode } from '@conversa/contracts';
import { changedFields } from './changes';
import type { Decider, DomainEvent } from './decider';

/**
 * The decider of a record that is only created, changed and deleted (a prompt, a tag, a help entry):
 * create if absent, change (only the fields that differ) or delete if present. Its events are
 * `<Created> { <id>, ...details }`, `<Changed> { <id>, changes }` and `<Deleted> { <id> }`; its commands
 * `{ type: <create>, <id>, details }`, `{ type: <change>, changes }` and `{ type: <delete> }`.
 */
export interface RecordNames<E extends DomainEvent, Id extends string, Created extends E['type'] = E['type']> {
  /** The field of the events (and of the create command and the state) that holds the record's id. */
  id: Id;
  created: Created;
  changed: E['type'];
  deleted: E['type'];
  create: string;
  change: string;
  delete: string;
  /** What a change or a deletion of an absent (or deleted) record answers. */
  notFound: ErrorCode | [ErrorCode, string];
  /** What a second creation of one id answers (ERR_VALIDATION with this message). */
  exists: string;
  /** A rule on the whole record, run on its creation and on what a change leaves (throws a DomainError). */
  check?: (details: RecordDetails<E, Created, Id>) => void;
}

type DataOf<E extends DomainEvent, T> = Extract<E, { type: T }>['data'];
/** What a creation records besides the id: the record's details. */
export type RecordDetails<E extends DomainEvent, Created, Id extends string> = Omit<DataOf<E, Created>, Id>;

export type RecordState<Details, Id extends string> = { status: 'none' } | ({ status: 'active' | 'deleted'; details: Details } & Record<Id, number>);

export type RecordCommand<Details, Id extends string, N extends { create: string; change: string; delete: string }> =
  ({ type: N['create']; details: Details } & Record<Id, number>) | { type: N['change']; changes: Partial<Details> } | { type: N['delete'] };

/** `recordDecider<PromptEvent>()({ id: 'promptId', created: 'PromptCreated', … })`: the events first, the names inferred. */
export const recordDecider =
  <E extends DomainEvent>() =>
  <const Id extends string, const Created extends E['type'], const N extends RecordNames<E, Id, Created>>(names: N & RecordNames<E, Id, Created>) =>
    recordOf<E, Id, N>(names);

function recordOf<E extends DomainEvent, Id extends string, N extends RecordNames<E, Id>>(
  names: N,
): Decider<RecordState<RecordDetails<E, N['created'], Id>, Id>, RecordCommand<RecordDetails<E, N['created'], Id>, Id, N>, E> {
  type Details = RecordDetails<E, N['created'], Id>;
  type State = RecordState<Details, Id>;
  type Active = Extract<State, { status: 'active' | 'deleted' }>;
  const { id } = names;
  const event = (type: E['type'], data: object) => ({ type, data }) as E;
  const check = names.check as ((details: Details) => void) | undefined;
  const notFound = () => {
    const [code, message] = typeof names.notFound === 'string' ? [names.notFound] : names.notFound;
    return new DomainError(code, message);
  };
  return {
    initialState: () => ({ status: 'none' }),
    evolve(state, { type, data }) {
      const fields = data as Record<string, unknown>;
      if (type === names.created) {
        const { [id]: recordId, ...details } = fields;
        return { status: 'active', [id]: recordId, details } as unknown as State;
      }
      if (state.status === 'none') return state;
      if (type === names.changed) return { ...state, details: { ...state.details, ...(fields.changes as Partial<Details>) } };
      if (type === names.deleted) return { ...state, status: 'deleted' };
      return state;
    },
    decide(state, command) {
      if (command.type === names.create) {
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', names.exists);
        const { details } = command as { details: Details };
        check?.(details);
        return [event(names.created, { [id]: (command as Record<Id, number>)[id], ...details })];
      }
      if (state.status !== 'active') throw notFound();
      const recordId = (state as Active)[id];
      if (command.type === names.change) {
        const changes = changedFields(state.details as object, (command as { changes: Partial<Details> }).changes);
        if (Object.keys(changes).length === 0) return [];
        check?.({ ...state.details, ...changes });
        return [event(names.changed, { [id]: recordId, changes })];
      }
      return [event(names.deleted, { [id]: recordId })];
    },
  };
}

/** The commands a decider takes (an area's `…Command` type). */
export type CommandOf<D> = D extends { decide: (state: never, command: infer Command, context: never) => unknown } ? Command : never;
