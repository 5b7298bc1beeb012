/**
 * Calls the first screen waits for, started by the boot script (`ui/src/boot.ts`, loaded beside the app's code and
 * long before it has all arrived) instead of once the app has rendered. The app's fetch (`app/api.ts`) takes a
 * started call for the same method and address instead of making it again, once. Kept on `window` under this key:
 * the boot script and the app are separate entries of the build (boot.spec.ts checks they agree).
 */
export const EARLY_CALLS = '__conversaEarlyCalls';

const calls = (): Map<string, Promise<Response>> | undefined => (window as unknown as Record<string, Map<string, Promise<Response>> | undefined>)[EARLY_CALLS];

/** The started response for this request, once; undefined when none was started. */
export function takeEarly(request: Request): Promise<Response> | undefined {
  const key = `${request.method.toUpperCase()} ${new URL(request.url, window.location.origin).href}`;
  const started = calls()?.get(key);
  if (started) calls()!.delete(key);
  return started;
}
