import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id that follows one cause through the system (a request, an inbound message): commands run
 * inside `withCorrelation` record it as their events' `correlationId` unless they name one.
 */
const correlation = new AsyncLocalStorage<{ correlationId: string }>();

export const withCorrelation = <T>(correlationId: string, run: () => T): T => correlation.run({ correlationId }, run);

export const currentCorrelationId = (): string | undefined => correlation.getStore()?.correlationId;
