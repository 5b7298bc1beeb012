import { streams } from '@conversa/contracts';
import { verifyChain, type ChainBreak } from '@conversa/contracts/events/hash-chain';
import type { EventStore } from '@conversa/eventstore';
import type { ReadDatabase } from '@conversa/projections/database';
import { messageIdsOfTicket } from '@conversa/projections/messages/maintenance';
import type { Kysely } from 'kysely';

export interface VerifyResult {
  ok: boolean;
  streams: number;
  events: number;
  /** The first broken link found: its stream, the revision and what is wrong. */
  broken?: { streamId: string; break: ChainBreak };
  /** The one stream asked for holds no event. */
  missing?: string;
}

const describeBreak = (b: ChainBreak): string =>
  b.kind === 'revision-gap'
    ? `revision ${b.found} where ${b.expected} was expected (an event is missing or inserted)`
    : b.kind === 'prev-hash-mismatch'
      ? `revision ${b.revision}: its link to the previous event does not match (an event was removed, inserted or reordered)`
      : `revision ${b.revision}: its content does not match its hash (the event was altered)`;

export const describeBroken = (result: VerifyResult): string =>
  result.broken
    ? `BROKEN ${result.broken.streamId} at ${describeBreak(result.broken.break)}`
    : result.missing
      ? `NOT FOUND ${result.missing}: no events`
      : `ok: ${result.streams} streams, ${result.events} events`;

/**
 * The streams `conversa verify` checks: a ticket id is the ticket's stream and its messages' streams;
 * `all` is every stream of the log; anything else is one stream id.
 */
async function streamsOf(target: string, store: EventStore, db: Kysely<ReadDatabase>): Promise<string[]> {
  if (/^\d+$/.test(target)) {
    const ticketId = Number(target);
    return [streams.ticket(ticketId), ...(await messageIdsOfTicket(db, ticketId)).map((id) => streams.message(id))];
  }
  if (target !== 'all') return [target];
  const seen = new Set<string>();
  for (let from: Parameters<EventStore['readAll']>[0] = {}; ;) {
    const page = await store.readAll({ ...from, maxCount: 5_000 });
    for (const event of page) seen.add(event.streamId);
    if (page.length < 5_000) break;
    from = { fromPosition: page[page.length - 1]!.position };
  }
  return [...seen];
}

/** Checks the hash chain of each stream as stored (not upcast) and stops at the first broken link. */
export async function verifyStreams(target: string, store: EventStore, db: Kysely<ReadDatabase>, progress?: (line: string) => void): Promise<VerifyResult> {
  const ids = await streamsOf(target, store, db);
  let events = 0;
  for (const [index, streamId] of ids.entries()) {
    const stored = await store.readStream(streamId, { raw: true }).catch(() => []);
    if (stored.length === 0 && target !== 'all' && index === 0) return { ok: false, streams: 0, events: 0, missing: streamId };
    const verdict = verifyChain(stored);
    events += verdict.checked;
    if (!verdict.valid) return { ok: false, streams: index + 1, events, broken: { streamId, break: verdict.break! } };
    progress?.(`ok ${streamId} (${stored.length} events)`);
  }
  return { ok: true, streams: ids.length, events };
}
