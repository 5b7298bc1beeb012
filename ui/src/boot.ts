/**
 * The build's second entry, an async module script at the top of index.html (ui/scripts/bootEntry.ts): it runs as
 * soon as its few hundred bytes arrive, while the app's scripts are still on the way, and starts what the first
 * screen would otherwise ask for only once the app has rendered (docs/ui-bundle.md "The path to the first row").
 * It imports nothing: a module shared with the app would reshape the app's chunks. What it shares with the app is
 * spelled here and checked by boot.spec.ts: the stored token's key (app/storage.ts) and the early calls' registry
 * (app/early.ts).
 */
const TOKEN_KEY = 'token';
const EARLY_CALLS = '__conversaEarlyCalls';
/** index.html's list of the conversations screen's files (bootEntry.ts writes it from the build). */
const TICKETS_FILES = 'meta[name="conversa-tickets-files"]';

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

// A stored token: the app will restore the session from the refresh cookie (features/session/sessionSlice.ts).
if (storedToken()) {
  const calls: Map<string, Promise<Response>> = ((window as unknown as Record<string, Map<string, Promise<Response>>>)[EARLY_CALLS] ??= new Map());
  const refresh = fetch('/auth/refresh_token', { method: 'POST', credentials: 'include' });
  refresh.catch(() => undefined);
  calls.set(`POST ${new URL('/auth/refresh_token', window.location.origin).href}`, refresh);

  // The conversations screen loads once the session is back; its code can travel with the app's.
  const files = document.querySelector<HTMLMetaElement>(TICKETS_FILES)?.content.split(' ').filter(Boolean) ?? [];
  if (/^\/tickets(\/|$)/.test(window.location.pathname)) {
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  }
}

// A module (its names stay its own), with nothing to export.
export {};
