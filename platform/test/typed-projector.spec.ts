import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { defineProjector, defineReactor, type ProjectionChange } from '../src/projector';

// The typing is checked by the typecheck (the @ts-expect-error lines fail it when the compiler
// stops rejecting); the test itself only shows what handle receives at runtime.
describe('defineProjector', () => {
  it('hands handle the events it names, their data typed by the catalog', async () => {
    const seen: number[] = [];
    const projector = defineProjector({
      name: 'typed',
      version: 1,
      eventTypes: ['TagCreated', 'TagDeleted'],
      tables: [],
      migrate: async () => {},
      async handle(_trx: Transaction<unknown>, events) {
        for (const event of events) {
          if (event.type === 'TagCreated') seen.push(event.data.tagId);
          // @ts-expect-error a type the projector does not name
          if (event.type === 'TagChanged') seen.push(-1);
        }
        return [];
      },
    });
    const event = {
      id: 'e',
      streamId: 'tag-1',
      revision: 0,
      type: 'TagCreated',
      data: { tagId: 1, userId: null, name: 'VIP', color: '#fff', kanban: 0 },
      metadata: {} as never,
      position: { commit: 1n, prepare: 1n },
      createdAt: new Date(),
    };
    await projector.handle({} as Transaction<unknown>, [event]);
    expect(seen).toEqual([1]);
  });

  it('refuses an event type the catalog lacks', () => {
    const define = () =>
      defineProjector({
        name: 'untyped',
        version: 1,
        // @ts-expect-error not an event of the catalog
        eventTypes: ['TagRenamedTwice'],
        tables: [],
        migrate: async () => {},
        handle: async () => [],
      });
    expect(define().eventTypes).toEqual(['TagRenamedTwice']);
  });
});

describe('defineReactor', () => {
  it('hands react the events it names, their data typed by the catalog', async () => {
    const seen: string[] = [];
    const reactor = defineReactor({
      name: 'typed-reactor',
      eventTypes: ['MessageDeleted'],
      async react(events) {
        for (const event of events) {
          seen.push(`${event.data.messageId}:${event.data.by}`);
          // @ts-expect-error a field MessageDeleted's data lacks
          if (event.data.body) seen.push('never');
        }
      },
    });
    const event = {
      id: 'e',
      streamId: 'message-m1',
      revision: 0,
      type: 'MessageDeleted',
      data: { messageId: 'm1', by: 'user' },
      metadata: {} as never,
      position: { commit: 1n, prepare: 1n },
      createdAt: new Date(),
    };
    await reactor.react?.([event]);
    expect(seen).toEqual(['m1:user']);
  });

  it('refuses an event type the catalog lacks', () => {
    const define = () =>
      defineReactor({
        name: 'untyped-reactor',
        // @ts-expect-error not an event of the catalog
        eventTypes: ['MessageVanished'],
        react: async () => {},
      });
    expect(define().eventTypes).toEqual(['MessageVanished']);
  });
});

describe('the frames a projector publishes', () => {
  it("are the frame catalogue's: an entity it lacks, or a body of another entity, does not compile", async () => {
    const projector = defineProjector({
      name: 'framed',
      version: 1,
      eventTypes: ['TagDeleted'],
      tables: [],
      migrate: async () => {},
      async handle() {
        const frames: ProjectionChange[] = [
          { companyId: 1, entity: 'tag', data: { action: 'delete', tagId: 1 } },
          // @ts-expect-error an entity the catalogue lacks
          { companyId: 1, entity: 'tags', data: { action: 'delete', tagId: 1 } },
          // @ts-expect-error a tag's body under the queue entity
          { companyId: 1, entity: 'queue', data: { action: 'delete', tagId: 1 } },
        ];
        return frames;
      },
    });
    expect(await projector.handle({} as Transaction<unknown>, [])).toHaveLength(3);
  });
});
