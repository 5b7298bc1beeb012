import type { EventMetadata, EventRegistry, Position, RecordedEvent } from '@conversa/contracts';
import {
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type Filter,
  type Position as EsdbPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { inCompanyPartition, type EventFilter } from '../port';

/** The client's events as one shape: reads of a stream and of $all differ only in typing. */
export type EsdbResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;

export type EsdbRecord = NonNullable<EsdbResolvedEvent['event']>;

/** EventStoreDB writes its own events ($settings, $metadata, projections, stats) into $all. */
export const isSystemEvent = (type: string): boolean => type.startsWith('$');

export const toPosition = (position: EsdbPosition): Position => ({ commit: position.commit, prepare: position.prepare });

export function positionOf(record: EsdbRecord): Position {
  if (!record.position) throw new Error(`EventStoreDB returned event ${record.id} of ${record.streamId} without a log position`);
  return toPosition(record.position);
}

export function toRecordedEvent(record: EsdbRecord, registry: EventRegistry, raw: boolean): RecordedEvent {
  const metadata = parseJson(record.metadata) as EventMetadata;
  const stored = record.isJson ? record.data : parseJson(record.data);
  return {
    id: record.id,
    streamId: record.streamId,
    revision: Number(record.revision),
    type: record.type,
    // Sealed personal fields are opened, then upcast, by the sealed store (personal/sealed-store.ts).
    data: raw || metadata?.sealed?.length ? stored : registry.readStored(record.type, stored, metadata?.schemaVersion ?? 1),
    metadata,
    position: positionOf(record),
    createdAt: record.created,
  };
}

export function parseJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return value.length === 0 ? undefined : JSON.parse(Buffer.from(value).toString('utf8'));
  return value;
}

/** The whole port filter, applied on our side: exact whichever part the server could not narrow. */
export function matchesFilter(filter: EventFilter | undefined, streamId: string, type: string, metadata?: () => unknown): boolean {
  if (isSystemEvent(type)) return false;
  if (!filter) return true;
  if (filter.eventTypes && !filter.eventTypes.includes(type)) return false;
  if (filter.streamPrefixes && !filter.streamPrefixes.some((prefix) => streamId.startsWith(prefix))) return false;
  // The company is in the metadata, which is parsed only when a partition asks for it.
  if ((filter.companyPartition?.count ?? 1) > 1)
    return inCompanyPartition((metadata?.() as { companyId?: unknown } | undefined)?.companyId, filter.companyPartition);
  return true;
}

/**
 * The server takes one filter, on event type or on stream name. Event types are the sharper cut
 * (and a type list excludes `$` system types by construction); stream prefixes come next; with
 * neither, the server still drops system events for us.
 */
export function serverFilter(filter: EventFilter | undefined): Filter {
  if (filter?.eventTypes) {
    const alternatives = filter.eventTypes.map(escapeRegex).join('|');
    // An empty list matches nothing; `(?!)` says so to the server's regex engine too.
    return eventTypeFilter({ regex: alternatives ? `^(?:${alternatives})$` : '(?!)' });
  }
  if (filter?.streamPrefixes) {
    return filter.streamPrefixes.length > 0 ? streamNameFilter({ prefixes: [...filter.streamPrefixes] }) : eventTypeFilter({ regex: '(?!)' });
  }
  return excludeSystemEvents();
}

const escapeRegex = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
