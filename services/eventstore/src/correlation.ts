import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id that follows one cause through the system (a request, an inbound message): commands run
 * inside `withCorrelation` record it as their events' `correlationId` unless they name one, and the
 * process's log lines written inside it carry it. Here, below both the write side and the projector
 * runtime, so a reactor's batch and the commands it runs share the request's context.
 */
const correlation = new AsyncLocalStorage<{ correlationId: string }>();

export const withCorrelation = <T>(correlationId: string, run: () => T): T => correlation.run({ correlationId }, run);

/** Runs outside any correlation: work of several causes must not pass for the one it was started from. */
export const withoutCorrelation = <T>(run: () => T): T => correlation.exit(run);

export const currentCorrelationId = (): string | undefined => correlation.getStore()?.correlationId;

/** The one correlation id every event of `events` carries, or undefined when they carry several (or none). */
export function sharedCorrelationId(events: readonly { metadata: { correlationId?: string } }[]): string | undefined {
  const first = events[0]?.metadata.correlationId;
  for (const event of events) if (event.metadata.correlationId !== first) return undefined;
  return first;
}
