/**
 * Calls the first screen waits for, started by the boot script (`ui/src/boot.ts`, loaded beside the app's code and
 * long before it has all arrived) instead of once the app has rendered. The app's fetch (`app/api.ts`) takes a
 * started call for the same method and address instead of making it again, once. Kept on `window` under this key:
 * the boot script and the app are separate entries of the build (boot.spec.ts checks they agree).
 */
export const EARLY_CALLS = '__conversaEarlyCalls';

const calls = (): Map<string, Promise<Response>> | undefined => (window as unknown as Record<string, Map<string, Promise<Response>> | undefined>)[EARLY_CALLS];

/**
 * A started read is taken only this long after the page opened: one the app did not ask at start (the boot script
 * guessed another list) must not answer a much later request with old data.
 */
export const EARLY_READ_MS = 30_000;

const takenReads = new Set<(address: string) => void>();

/** Runs when the app takes a read (GET) the boot script started: it was read before the socket could deliver frames. */
export function onEarlyRead(listener: (address: string) => void): () => void {
  takenReads.add(listener);
  return () => {
    takenReads.delete(listener);
  };
}

/** The started response for this request, once; undefined when none was started. */
export function takeEarly(request: Request): Promise<Response> | undefined {
  const method = request.method.toUpperCase();
  const address = new URL(request.url, window.location.origin).href;
  const key = `${method} ${address}`;
  const started = calls()?.get(key);
  if (!started) return undefined;
  calls()!.delete(key);
  if (method !== 'GET') return started;
  if (performance.now() > EARLY_READ_MS) return undefined;
  for (const listener of [...takenReads]) listener(address);
  return started;
}
