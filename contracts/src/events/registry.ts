import type { z } from 'zod';
import type { PersonalFields } from './personal';

/**
 * One event type: its current data schema and the upcasters that lift stored data
 * of older schema versions to the current one. Stored events are never rewritten.
 */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  schema: Schema;
  /** Current schema version; what new events are written with. */
  version: number;
  /** upcasters[v] turns data of version v into data of version v + 1. */
  upcasters?: Record<number, Upcaster>;
  /** The contact's personal fields, stored sealed with the contact's data keys (see personal.ts). */
  personal?: PersonalFields;
}

/** Each upcaster names the shape it lifts (never: any parameter type is accepted). */
type Upcaster = (data: never) => unknown;

export const defineEvent = <Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcasters?: Record<number, Upcaster>; personal?: PersonalFields } = {},
): EventDefinition<Type, Schema> => ({ type, schema, version: options.version ?? 1, upcasters: options.upcasters, personal: options.personal });

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;

/**
 * The `{ type, data }` union of an array of event definitions (an area's, or the sub-array of one stream's):
 * derived, so an event added to the array is in its union and the deciders' exhaustive switches notice it.
 */
export type EventUnion<Definitions extends readonly EventDefinition[]> = EventOf<Definitions[number]>;

export class EventSchemaError extends Error {
  readonly code = 'ERR_EVENT_SCHEMA';
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`Event ${eventType} does not match its schema: ${issues}`);
    this.name = 'EventSchemaError';
  }
}

/**
 * Every event type the system knows. The event store validates data against it at
 * append (refusing the whole batch on any mismatch) and parses + upcasts at read.
 */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();
  /** Data objects validateForAppend produced, by type (see validatedAs). */
  private readonly validated = new WeakMap<object, string>();

  constructor(definitions: Iterable<EventDefinition> = []) {
    for (const definition of definitions) this.register(definition);
  }

  register(...definitions: EventDefinition[]): this {
    for (const definition of definitions) {
      if (this.definitions.has(definition.type)) throw new Error(`Event type ${definition.type} registered twice`);
      this.definitions.set(definition.type, definition);
    }
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  versionOf(type: string): number {
    return this.require(type).version;
  }

  /** Validates data written now; throws EventSchemaError. Returns the parsed data. */
  validateForAppend(type: string, data: unknown): unknown {
    const parsed = this.require(type).schema.safeParse(data);
    if (!parsed.success) throw new EventSchemaError(type, formatIssues(parsed.error));
    if (typeof parsed.data === 'object' && parsed.data !== null) this.validated.set(parsed.data, type);
    return parsed.data;
  }

  /**
   * Whether `data` is the very object validateForAppend returned for `type` (a fresh object of the
   * schema's making): an append of it need not run the schema a second time.
   */
  validatedAs(type: string, data: unknown): boolean {
    return typeof data === 'object' && data !== null && this.validated.get(data) === type;
  }

  /** The event types that have personal fields. */
  personalTypes(): string[] {
    return [...this.definitions.values()].filter((definition) => definition.personal).map((definition) => definition.type);
  }

  /** The event type's personal fields, if it has any. */
  personalOf(type: string): PersonalFields | undefined {
    return this.definitions.get(type)?.personal;
  }

  /**
   * Data a trusted codec derived from validated data (personal fields sealed): appended as it is,
   * since sealed values no longer meet the schema (the store's validatedAs answers true for it).
   */
  acceptSealed(type: string, data: object): void {
    this.validated.set(data, type);
  }

  /**
   * Lifts stored data to the current version and validates it. Unknown types pass through untouched.
   * Stored data that no longer meets its schema (appended before a bound was added) is handed on as
   * stored: a projector that cannot apply it parks it, where refusing to read it would stop every
   * subscriber at that position for good.
   */
  readStored(type: string, data: unknown, storedVersion: number): unknown {
    const definition = this.definitions.get(type);
    if (!definition) return data;
    let current = data;
    for (let version = storedVersion; version < definition.version; version++) {
      const upcast = definition.upcasters?.[version];
      if (!upcast) throw new EventSchemaError(type, `no upcaster from version ${version}`);
      // Stored data of that version: the shape the upcaster names.
      current = (upcast as (data: unknown) => unknown)(current);
    }
    const parsed = definition.schema.safeParse(current);
    return parsed.success ? parsed.data : current;
  }

  private require(type: string): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new EventSchemaError(type, 'unknown event type');
    return definition;
  }
}

const formatIssues = (error: z.ZodError): string => error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
