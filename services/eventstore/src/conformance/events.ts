import { randomUUID } from 'node:crypto';
import { EventRegistry, defineEvent, type EventMetadataInput, type EventToAppend } from '@conversa/contracts';
import { z } from 'zod';

/** Event types of the conformance suite; an adapter under test must be built with these registered. */
export const ConformanceNoted = defineEvent('ConformanceNoted', z.object({ n: z.number().int(), note: z.string().optional() }));
export const ConformanceTagged = defineEvent('ConformanceTagged', z.object({ tag: z.string().min(1) }));

/** A contact's personal fields: inert on a plain store, sealed by the sealed store (personal.ts). */
export const ConformancePersonal = defineEvent(
  'ConformancePersonal',
  z.object({
    contactId: z.number().int().positive(),
    name: z.string().min(1),
    body: z.string(),
    place: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    tags: z.array(z.string()),
  }),
  { personal: { contact: 'contactId', identity: ['name', 'tags'], content: ['body', 'place'] } },
);
/** Carries no contact: its contact is the stream's first event's. */
export const ConformancePersonalEdited = defineEvent('ConformancePersonalEdited', z.object({ body: z.string() }), {
  personal: { contact: 'stream', content: ['body'] },
});

export const conformanceEventDefinitions = [ConformanceNoted, ConformanceTagged, ConformancePersonal, ConformancePersonalEdited] as const;

/** A fresh registry per store, so a test that registers more types cannot leak into another. */
export const createConformanceRegistry = (): EventRegistry => new EventRegistry(conformanceEventDefinitions);

export const conformanceMetadata = (overrides: Partial<EventMetadataInput> = {}): EventMetadataInput => ({
  companyId: 1,
  actor: { kind: 'system', id: 'conformance' },
  correlationId: 'conformance',
  causationId: 'conformance',
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: 1,
  ...overrides,
});

export const noted = (n: number, id: string = randomUUID()): EventToAppend => ({
  id,
  type: ConformanceNoted.type,
  data: { n },
  metadata: conformanceMetadata(),
});

export const tagged = (tag: string, id: string = randomUUID()): EventToAppend => ({
  id,
  type: ConformanceTagged.type,
  data: { tag },
  metadata: conformanceMetadata(),
});

/** The event as company `companyId`'s (its metadata's companyId). */
export const ofCompany = (event: EventToAppend, companyId: number): EventToAppend => ({ ...event, metadata: { ...event.metadata, companyId } });
