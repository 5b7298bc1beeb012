import type { BusMessage, BusOptions } from './port';

type OnError = NonNullable<BusOptions['onError']>;

export const defaultOnError: OnError = (error, message) => {
  console.error(`bus handler for ${message.subject} failed`, error);
};

/**
 * Runs one handler so that nothing it does escapes: a throw, or the rejection of a promise
 * returned by an async handler (the port types handlers as `void`, which async ones satisfy),
 * goes to `onError` and the next delivery proceeds as usual.
 */
export function runHandler(handler: (message: BusMessage) => void, message: BusMessage, onError: OnError): void {
  try {
    const result: unknown = handler(message);
    if (isPromiseLike(result)) result.then(undefined, (error: unknown) => onError(error, { subject: message.subject }));
  } catch (error) {
    onError(error, { subject: message.subject });
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
