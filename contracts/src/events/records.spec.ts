import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordEvents } from './records';

const Fields = z.object({ name: z.string().min(1), color: z.string() });

describe('recordEvents', () => {
  const { created, changed, deleted } = recordEvents('Thing', 'thingId', Fields, { userId: z.number().nullable() });

  it('names the three events after the record', () => {
    expect([created.type, changed.type, deleted.type]).toEqual(['ThingCreated', 'ThingChanged', 'ThingDeleted']);
    expect([created.version, changed.version, deleted.version]).toEqual([1, 1, 1]);
  });

  it('records the fields with the id and what a creation adds, the changed fields alone, and the id on deletion', () => {
    expect(created.schema.parse({ name: 'a', color: 'b', thingId: 3, userId: null })).toEqual({ name: 'a', color: 'b', thingId: 3, userId: null });
    expect(created.schema.safeParse({ name: 'a', color: 'b', thingId: 3 }).success).toBe(false);
    expect(changed.schema.parse({ thingId: 3, changes: { color: 'c' } })).toEqual({ thingId: 3, changes: { color: 'c' } });
    expect(changed.schema.safeParse({ thingId: 3, changes: { name: '' } }).success).toBe(false);
    expect(deleted.schema.parse({ thingId: 3, name: 'dropped' })).toEqual({ thingId: 3 });
  });

  it('refuses an id a read table cannot hold', () => {
    expect(deleted.schema.safeParse({ thingId: 0 }).success).toBe(false);
    expect(deleted.schema.safeParse({ thingId: 2 ** 31 }).success).toBe(false);
  });
});
