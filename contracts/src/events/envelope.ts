import { z } from 'zod';
import { Count32, RecordId, realDateTime, safeText } from '../common/bounds';

/** Who caused an event. Never optional: every fact in Conversa has an author. */
export const Actor = z.object({
  kind: z.enum(['user', 'contact', 'system', 'channel']),
  id: z.union([safeText().min(1), Count32]),
});
export type Actor = z.infer<typeof Actor>;

/** The routing bot (greeting, menus, queue position, rating question) writes as this actor. */
export const BOT_ACTOR: Actor = { kind: 'system', id: 'bot' };
export const isBotActor = (actor: Actor): boolean => actor.kind === BOT_ACTOR.kind && actor.id === BOT_ACTOR.id;

/** Metadata the writer supplies; the event store adds the hash chain (`prevHash`, `hash`). */
export const EventMetadataInput = z.object({
  companyId: Count32,
  actor: Actor,
  correlationId: safeText().min(1),
  causationId: safeText().min(1),
  occurredAt: realDateTime({ offset: true }),
  schemaVersion: RecordId,
  /** The command that produced this event, for idempotent command handling. */
  commandId: safeText().min(1).optional(),
  /** Data paths stored sealed with a contact's data key (docs/lgpd.md); set by the event store's codec, never by a writer. */
  sealed: z.array(safeText().min(1).max(200)).max(64).optional(),
});
export type EventMetadataInput = z.infer<typeof EventMetadataInput>;

export const EventMetadata = EventMetadataInput.extend({
  /** Hash of the previous event of the same stream; null for revision 0. */
  prevHash: safeText().nullable(),
  /** sha256 over this event's content and prevHash (see hash-chain.ts). */
  hash: safeText(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event as a writer proposes it. `id` makes appends idempotent. */
export interface EventToAppend<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadataInput;
}

export interface Position {
  /** Postgres: transaction id; EventStoreDB: commit position. */
  commit: bigint;
  /** Postgres: global sequence; EventStoreDB: prepare position. */
  prepare: bigint;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 0-based position inside the stream (EventStoreDB convention). */
  revision: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  position: Position;
  createdAt: Date;
}

export const comparePositions = (a: Position, b: Position): number =>
  a.commit === b.commit ? (a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1) : a.commit < b.commit ? -1 : 1;

export const positionToString = (p: Position): string => `${p.commit}/${p.prepare}`;
export const positionFromString = (s: string): Position => {
  const [commit, prepare] = s.split('/');
  if (commit === undefined || prepare === undefined) throw new Error(`Bad position "${s}"`);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
};
