import { createHash } from 'node:crypto';
import type { EventMetadataInput } from './envelope';

/**
 * Audit-grade history: each event's metadata carries `hash` = sha256(prevHash + canonical content),
 * so altering, removing, inserting or reordering any event of a stream breaks the chain.
 * The content covers the stream id and revision, so an event cannot be moved elsewhere unnoticed.
 */
export interface ChainedContent {
  id: string;
  streamId: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadataInput & { prevHash?: string | null; hash?: string };
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function chainHash(event: ChainedContent, prevHash: string | null): string {
  const { prevHash: _p, hash: _h, ...metadata } = event.metadata;
  const content = canonicalJson({
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata,
  });
  return createHash('sha256')
    .update(prevHash ?? '')
    .update('\n')
    .update(content)
    .digest('hex');
}

export type ChainBreak =
  | { kind: 'revision-gap'; index: number; expected: number; found: number }
  | { kind: 'prev-hash-mismatch'; index: number; revision: number }
  | { kind: 'hash-mismatch'; index: number; revision: number };

export interface ChainVerification {
  valid: boolean;
  checked: number;
  /** The first break found, if any. */
  break?: ChainBreak;
}

/**
 * Verifies a whole stream read forwards from revision 0, as stored (not upcast).
 * An altered event fails its own hash; a removed, inserted or reordered one breaks
 * either the revision sequence or the link to its predecessor.
 */
export function verifyChain(events: readonly ChainedContent[]): ChainVerification {
  let prevHash: string | null = null;
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    if (event.revision !== index) {
      return { valid: false, checked: index, break: { kind: 'revision-gap', index, expected: index, found: event.revision } };
    }
    if ((event.metadata.prevHash ?? null) !== prevHash) {
      return { valid: false, checked: index, break: { kind: 'prev-hash-mismatch', index, revision: event.revision } };
    }
    const expected = chainHash(event, prevHash);
    if (event.metadata.hash !== expected) {
      return { valid: false, checked: index, break: { kind: 'hash-mismatch', index, revision: event.revision } };
    }
    prevHash = expected;
  }
  return { valid: true, checked: events.length };
}
