import type { RecordedEvent } from '@conversa/contracts';
import { readStreams, type EventStore, type ReadStreamOptions } from '@conversa/eventstore';
import type { CommandContext } from './run';

/** A read of a whole stream, as a decider folds it (not a page, not raw). */
export const wholeStream = (options: ReadStreamOptions | undefined): boolean =>
  options === undefined ||
  ((options.direction ?? 'forwards') === 'forwards' && (options.fromRevision ?? 'start') === 'start' && options.maxCount === undefined && !options.raw);

/**
 * A read of a stream's first events as a decider folds them, page by page (the state cache reads a
 * long stream it has no state of in pages): what a whole read known ahead answers with its first `maxCount`.
 */
export const firstPage = (options: ReadStreamOptions | undefined): options is ReadStreamOptions & { maxCount: number } =>
  options !== undefined &&
  options.maxCount !== undefined &&
  (options.direction ?? 'forwards') === 'forwards' &&
  (options.fromRevision ?? 'start') === 'start' &&
  !options.raw;

/** The answer to a whole read or a first page, from the whole stream known ahead. */
export const fromKnown = (known: readonly RecordedEvent[], options: ReadStreamOptions | undefined): RecordedEvent[] =>
  firstPage(options) ? known.slice(0, options.maxCount) : [...known];

/** The store with its stream reads and appends answered by `overrides`; everything else goes to it unchanged. */
export function storeWith(inner: EventStore, overrides: Partial<Pick<EventStore, 'readStream' | 'appendToStream'>>): EventStore {
  return {
    appendToStream: overrides.appendToStream ?? ((streamId, events, options) => inner.appendToStream(streamId, events, options)),
    readStream: overrides.readStream ?? ((streamId, options) => inner.readStream(streamId, options)),
    ...(inner.checksReads ? { checksReads: true } : {}),
    ...(inner.readStreams ? { readStreams: (streamIds: readonly string[]) => inner.readStreams!(streamIds) } : {}),
    readAll: (options) => inner.readAll(options),
    subscribeToAll: (options) => inner.subscribeToAll(options),
    headPosition: () => inner.headPosition(),
    countAfter: (position, options) => inner.countAfter(position, options),
    close: () => inner.close(),
  };
}

/**
 * The context with a store that answers the first whole read of each prefetched stream from what
 * was read ahead in one round trip. Only the first: a later read (after a conflict, in a retry
 * loop) goes to the store. A prefetched stream is as fresh as a read made a moment earlier, which
 * the deciders already allow for: appends carry expected revisions.
 */
export function withPrefetchedStreams<Context extends CommandContext>(ctx: Context, prefetched: Map<string, RecordedEvent[]>): Context {
  const unread = new Map(prefetched);
  const inner = ctx.store;
  const store = storeWith(inner, {
    readStream: (streamId, options) => {
      const ahead = wholeStream(options) || firstPage(options) ? unread.get(streamId) : undefined;
      if (!ahead) return inner.readStream(streamId, options);
      unread.delete(streamId);
      return Promise.resolve(fromKnown(ahead, options));
    },
  });
  return { ...ctx, store };
}

/** Reads the streams in one round trip and answers each one's first whole read from that. */
export async function prefetchStreams<Context extends CommandContext>(ctx: Context, streamIds: readonly string[]): Promise<Context> {
  return withPrefetchedStreams(ctx, await readStreams(ctx.store, streamIds));
}
