import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventRegistry, EventSchemaError } from './registry';

const registry = new EventRegistry([defineEvent('CountSet', z.object({ count: z.number().int().max(2_147_483_647), name: z.string().trim() }))]);

describe('EventRegistry', () => {
  it('refuses data out of its bounds at append', () => {
    expect(() => registry.validateForAppend('CountSet', { count: 3_000_000_000, name: 'a' })).toThrow(EventSchemaError);
  });

  it('parses stored data that meets the schema', () => {
    expect(registry.readStored('CountSet', { count: 1, name: ' a ' }, 1)).toEqual({ count: 1, name: 'a' });
  });

  it('hands on stored data appended before a bound existed, for the projector to park', () => {
    expect(registry.readStored('CountSet', { count: 3_000_000_000, name: 'a' }, 1)).toEqual({ count: 3_000_000_000, name: 'a' });
  });
});
