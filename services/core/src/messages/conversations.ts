import type { EventToAppend, RecordedEvent } from '@conversa/contracts';
import { StaleReadError, type AppendOptions, type AppendResult, type EventStore, type StreamRevision } from '@conversa/eventstore';
import { firstPage, fromKnown, storeWith, wholeStream } from '../commands/prefetch';

/**
 * What the inbound path remembers of a conversation, per store (so per process): where the
 * contact's last message went and, when that message changed nothing else, the streams it was
 * decided on (the number's guard, the contact, the ticket slot, the ticket) as they were read.
 */
export interface Conversation {
  contactId: number;
  ticketId: number;
  decidedOn?: ReadonlyMap<string, readonly RecordedEvent[]>;
}

const CONVERSATIONS_REMEMBERED = 10_000;
const conversations = new WeakMap<EventStore, Map<string, Conversation>>();

export function rememberedConversation(store: EventStore, key: string): Conversation | undefined {
  return conversations.get(store)?.get(key);
}

export function rememberConversation(store: EventStore, key: string, conversation: Conversation): void {
  let remembered = conversations.get(store);
  if (!remembered) conversations.set(store, (remembered = new Map()));
  remembered.delete(key);
  remembered.set(key, conversation);
  if (remembered.size > CONVERSATIONS_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

/** The conversation changed since it was remembered: the fast path gives way to a fresh read. */
class ConversationMoved extends Error {}

/**
 * The store for a message in a remembered conversation: the streams it was decided on answer from
 * memory, the message's own stream is taken as new, and the one append allowed (the message) checks
 * in its own transaction that none of those streams has moved (`readRevisions`). One round trip
 * instead of two. A redelivered message fails the append's `no_stream` and is read for real on the
 * retry; a moved stream, or any other write the decision asks for (a ticket to open, a contact to
 * rename), ends the attempt: `onRemembered` answers undefined and the caller reads afresh.
 */
export async function onRemembered<T>(
  inner: EventStore,
  ownStream: string,
  decidedOn: ReadonlyMap<string, readonly RecordedEvent[]>,
  work: (store: EventStore) => Promise<T>,
): Promise<T | undefined> {
  const readRevisions: StreamRevision[] = [...decidedOn].map(([streamId, events]) => ({ streamId, revision: events.at(-1)?.revision ?? -1 }));
  let ownStreamRead = false;
  const store = storeWith(inner, {
    readStream: (streamId, options) => {
      if (wholeStream(options) || firstPage(options)) {
        const known = decidedOn.get(streamId);
        if (known) return Promise.resolve(fromKnown(known, options));
        if (streamId === ownStream && !ownStreamRead) {
          ownStreamRead = true;
          return Promise.resolve([]);
        }
      }
      return inner.readStream(streamId, options);
    },
    appendToStream: (streamId, events, options) =>
      streamId === ownStream ? inner.appendToStream(streamId, events, { ...options, readRevisions }) : Promise.reject(new ConversationMoved()),
  });
  try {
    return await work(store);
  } catch (error) {
    if (error instanceof StaleReadError || error instanceof ConversationMoved) return undefined;
    throw error;
  }
}

/**
 * The store for a message read afresh, noting the first whole read of every stream the decision
 * reads: what `onRemembered` can decide on next time. What the decision wrote elsewhere than the
 * message's own stream (a new contact, a ticket opened) is added to what it read, as the store
 * holds it now, so the conversation's next message is decided from memory too; a write the
 * notes cannot follow (to a stream not read, or past another writer) leaves nothing to remember.
 */
export function noteDecisionReads(
  inner: EventStore,
  ownStream: string,
): { store: EventStore; decidedOn(): ReadonlyMap<string, readonly RecordedEvent[]> | undefined } {
  const reads = new Map<string, readonly RecordedEvent[]>();
  let lost = false;
  const noteWritten = (streamId: string, events: readonly EventToAppend[], options: AppendOptions | undefined, result: AppendResult) => {
    const known = reads.get(streamId) ?? (options?.expectedRevision === 'no_stream' ? [] : undefined);
    const first = result.nextExpectedRevision - events.length + 1;
    if (!known || first !== (known.at(-1)?.revision ?? -1) + 1) {
      lost = true;
      return;
    }
    // As a read would return them; only the hash chain is left out (deciders do not fold it).
    const written = events.map((event, index): RecordedEvent => ({
      ...event,
      streamId,
      revision: first + index,
      metadata: { ...event.metadata, prevHash: null, hash: '' },
      position: result.position,
      createdAt: new Date(),
    }));
    reads.set(streamId, [...known, ...written]);
  };
  const store = storeWith(inner, {
    readStream: async (streamId, options) => {
      const events = await inner.readStream(streamId, options);
      // A first page shorter than asked is the whole stream.
      const whole = wholeStream(options) || (firstPage(options) && events.length < options.maxCount);
      if (streamId !== ownStream && whole && !reads.has(streamId)) reads.set(streamId, [...events]);
      return events;
    },
    appendToStream: async (streamId, events, options) => {
      if (streamId === ownStream) return inner.appendToStream(streamId, events, options);
      try {
        const result = await inner.appendToStream(streamId, events, options);
        noteWritten(streamId, events, options, result);
        return result;
      } catch (error) {
        lost = true;
        throw error;
      }
    },
  });
  return { store, decidedOn: () => (lost || reads.size === 0 ? undefined : reads) };
}
