import type { TagEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { tag } from './tag';

const details = { name: 'VIP', color: '#ff0000', kanban: 0 as const };
const created: TagEvent = { type: 'TagCreated', data: { tagId: 4, ...details, userId: 2 } };

describe('tag decider', () => {
  it('creates a tag with its creator', () => {
    spec(tag)
      .given([])
      .when({ type: 'CreateTag', tagId: 4, details: { ...details, userId: 2 } })
      .then([created]);
  });

  it('refuses to create a tag twice', () => {
    spec(tag)
      .given([created])
      .when({ type: 'CreateTag', tagId: 4, details: { ...details, userId: 2 } })
      .thenThrows('ERR_VALIDATION');
  });

  it('records only what changed', () => {
    spec(tag)
      .given([created])
      .when({ type: 'ChangeTag', changes: { name: 'VIP', kanban: 1 } })
      .then([{ type: 'TagChanged', data: { tagId: 4, changes: { kanban: 1 } } }]);
    spec(tag)
      .given([created])
      .when({ type: 'ChangeTag', changes: { color: '#ff0000' } })
      .then([]);
  });

  it('deletes a tag, after which it cannot change', () => {
    spec(tag)
      .given([created])
      .when({ type: 'DeleteTag' })
      .then([{ type: 'TagDeleted', data: { tagId: 4 } }]);
    spec(tag)
      .given([created, { type: 'TagDeleted', data: { tagId: 4 } }])
      .when({ type: 'ChangeTag', changes: { name: 'Gold' } })
      .thenThrows('ERR_NO_TAG_FOUND');
    spec(tag).given([]).when({ type: 'DeleteTag' }).thenThrows('ERR_NO_TAG_FOUND');
  });
});
