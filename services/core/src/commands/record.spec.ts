import { DomainError } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { recordDecider } from './record';
import { spec } from './spec';

// The record decider on a record of its own: create once, change only what differs, delete once.
type Card = { text: string; color: string };
type CardEvent =
  | { type: 'CardCreated'; data: { cardId: number } & Card }
  | { type: 'CardChanged'; data: { cardId: number; changes: Partial<Card> } }
  | { type: 'CardDeleted'; data: { cardId: number } };

const card = recordDecider<CardEvent>()({
  id: 'cardId',
  created: 'CardCreated',
  changed: 'CardChanged',
  deleted: 'CardDeleted',
  create: 'CreateCard',
  change: 'ChangeCard',
  delete: 'DeleteCard',
  notFound: ['ERR_NOT_FOUND', 'Card not found'],
  exists: 'Card already exists',
  check(details) {
    if (details.text === details.color) throw new DomainError('ERR_VALIDATION', 'text and color differ', { fields: ['text'] });
  },
});

const created: CardEvent = { type: 'CardCreated', data: { cardId: 3, text: 'a', color: 'red' } };
const deleted: CardEvent = { type: 'CardDeleted', data: { cardId: 3 } };

describe('recordDecider', () => {
  it('creates a record once', () => {
    spec(card)
      .given([])
      .when({ type: 'CreateCard', cardId: 3, details: { text: 'a', color: 'red' } })
      .then([created]);
    spec(card)
      .given([created])
      .when({ type: 'CreateCard', cardId: 3, details: { text: 'b', color: 'red' } })
      .thenThrows('ERR_VALIDATION');
    spec(card)
      .given([created, deleted])
      .when({ type: 'CreateCard', cardId: 3, details: { text: 'b', color: 'red' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('records only the fields that differ, and nothing when none does', () => {
    spec(card)
      .given([created])
      .when({ type: 'ChangeCard', changes: { text: 'b', color: 'red' } })
      .then([{ type: 'CardChanged', data: { cardId: 3, changes: { text: 'b' } } }]);
    spec(card)
      .given([created])
      .when({ type: 'ChangeCard', changes: { color: 'red' } })
      .then([]);
    spec(card)
      .given([created, { type: 'CardChanged', data: { cardId: 3, changes: { text: 'b' } } }])
      .when({ type: 'ChangeCard', changes: { text: 'b' } })
      .then([]);
  });

  it('checks the whole record on creation and on what a change leaves', () => {
    spec(card)
      .given([])
      .when({ type: 'CreateCard', cardId: 3, details: { text: 'x', color: 'x' } })
      .thenThrows('ERR_VALIDATION', { fields: ['text'] });
    spec(card)
      .given([created])
      .when({ type: 'ChangeCard', changes: { text: 'red' } })
      .thenThrows('ERR_VALIDATION', { fields: ['text'] });
  });

  it('deletes once; an absent or deleted record is not found', () => {
    spec(card).given([created]).when({ type: 'DeleteCard' }).then([deleted]);
    spec(card).given([created, deleted]).when({ type: 'DeleteCard' }).thenThrows('ERR_NOT_FOUND');
    spec(card)
      .given([created, deleted])
      .when({ type: 'ChangeCard', changes: { text: 'b' } })
      .thenThrows('ERR_NOT_FOUND');
    spec(card)
      .given([])
      .when({ type: 'ChangeCard', changes: { text: 'b' } })
      .thenThrows('ERR_NOT_FOUND');
  });

  it('folds the record: its id, its details and whether it is deleted', () => {
    spec(card)
      .given([created])
      .when({ type: 'ChangeCard', changes: { color: 'blue' } })
      .thenState((state) => {
        if (state.status !== 'active' || state.cardId !== 3 || state.details.color !== 'blue' || state.details.text !== 'a')
          throw new Error(JSON.stringify(state));
      });
  });
});
