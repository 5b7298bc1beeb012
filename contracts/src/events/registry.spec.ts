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

  it("knows which types carry a contact's personal fields, and takes data a codec sealed from validated data as validated", () => {
    const personal = new EventRegistry([
      defineEvent('CountSet', z.object({ count: z.number() })),
      defineEvent('Named', z.object({ contactId: z.number(), name: z.string().min(1).max(5) }), { personal: { contact: 'contactId', identity: ['name'] } }),
    ]);
    expect(personal.personalTypes()).toEqual(['Named']);
    expect(personal.personalOf('Named')).toEqual({ contact: 'contactId', identity: ['name'] });
    expect(personal.personalOf('CountSet')).toBeUndefined();
    const sealed = { contactId: 1, name: 'pd1.1.s.a-value-longer-than-its-schema-allows' };
    expect(personal.validatedAs('Named', sealed)).toBe(false);
    personal.acceptSealed('Named', sealed);
    expect(personal.validatedAs('Named', sealed)).toBe(true);
  });
});
