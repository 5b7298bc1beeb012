/**
 * The worker is registered from /service-worker.js; when that script is missing (404) or is not
 * JavaScript (a server answering index.html for every path), any registered worker is stale: unregister and reload.
 * A new worker that is waiting is offered to the user; accepting posts SKIP_WAITING and reloads once it controls the page.
 */
export const SERVICE_WORKER_URL = '/service-worker.js';

/** How long after the load event the worker waits before registering (see afterPageLoad). */
export const REGISTER_AFTER_LOAD_MS = 5000;

/**
 * Runs `start` a while after the page has loaded, at an idle moment: a first visit's worker precaches the whole build
 * (≈ 800 KiB) over the same six connections the page uses, so it must wait until the first screen has fetched its
 * data (on a phone network the first rows come ≈ 1.5 s after the load event).
 */
export function afterPageLoad(start: () => void, win: Window = window, delayMs = REGISTER_AFTER_LOAD_MS): void {
  const idle = () => (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(() => start(), { timeout: 5000 }) : start());
  const later = () => win.setTimeout(idle, delayMs);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

export interface UpdatePrompt {
  /** Activates the waiting worker, then reloads when it takes control. */
  apply: () => void;
}

export async function registerServiceWorker(
  onUpdate: (prompt: UpdatePrompt) => void,
  env: { navigator: Navigator; location: Location; fetch: typeof fetch } = { navigator, location: window.location, fetch: window.fetch.bind(window) },
): Promise<'unsupported' | 'unregistered' | 'registered' | 'failed'> {
  const container = env.navigator.serviceWorker;
  if (!container) return 'unsupported';
  try {
    const response = await env.fetch(SERVICE_WORKER_URL, { headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    if (response.status === 404 || !type.includes('javascript')) {
      const registrations = await container.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
      // Reload only when something was removed: otherwise a server without the worker would reload forever.
      if (registrations.length > 0) env.location.reload();
      return 'unregistered';
    }

    const registration = await container.register(SERVICE_WORKER_URL);
    const offer = (worker: ServiceWorker) => {
      onUpdate({
        apply: () => {
          container.addEventListener('controllerchange', () => env.location.reload(), { once: true });
          worker.postMessage({ type: 'SKIP_WAITING' });
        },
      });
    };
    // With no controller this is the first install, not an update: nothing to offer.
    if (registration.waiting && container.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && container.controller) offer(installing);
      });
    });
    return 'registered';
  } catch {
    // No worker means no offline shell, nothing worse; the app itself works without it.
    return 'failed';
  }
}
