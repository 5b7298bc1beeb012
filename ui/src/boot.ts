/**
 * The build's second entry, an async module script at the top of index.html (ui/scripts/bootEntry.ts): it runs as
 * soon as its few hundred bytes arrive, while the app's scripts are still on the way, and starts what the first
 * screen would otherwise ask for only once the app has rendered (docs/ui-bundle.md "The path to the first row").
 * It imports nothing: a module shared with the app would reshape the app's chunks. What it shares with the app is
 * spelled here and checked by boot.spec.ts: the stored token's and first list's keys (app/storage.ts) and the early
 * calls' registry (app/early.ts).
 */
const TOKEN_KEY = 'token';
/** What the conversations screen asked first last time, by whom (features/tickets/api.ts `rememberFirstList`). */
const FIRST_LIST_KEY = 'firstTicketList';
const EARLY_CALLS = '__conversaEarlyCalls';
/** index.html's list of the conversations screen's files (bootEntry.ts writes it from the build). */
const TICKETS_FILES = 'meta[name="conversa-tickets-files"]';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

interface FirstList {
  user: number;
  company: number;
  query: string;
}

/**
 * The list the screen asked first on the last visit, when the session that came back is the same user's. It replays
 * the screen's own choice (its defaults live in the screen only): a guess that no longer fits is simply not taken.
 */
function firstList(session: { user?: { id?: unknown; companyId?: unknown } }): string | null {
  try {
    const list = JSON.parse(stored(FIRST_LIST_KEY) ?? 'null') as FirstList | null;
    if (!list || list.user !== session.user?.id || list.company !== session.user?.companyId || typeof list.query !== 'string') return null;
    return list.query;
  } catch {
    return null;
  }
}

/** Once the session is back, the conversations screen's first list is asked with its token: one round trip sooner. */
async function askFirstList(answer: Response, calls: Map<string, Promise<Response>>): Promise<void> {
  if (!answer.ok) return;
  const session = (await answer.json()) as { token?: unknown; user?: { id?: unknown; companyId?: unknown } };
  const query = firstList(session);
  if (typeof session.token !== 'string' || query === null) return;
  const address = new URL(`/tickets?${query}`, window.location.origin).href;
  const list = fetch(address, { headers: { Authorization: `Bearer ${session.token}` }, credentials: 'include' });
  list.catch(() => undefined);
  calls.set(`GET ${address}`, list);
}

// A stored token: the app will restore the session from the refresh cookie (app/sessionSlice.ts).
if (stored(TOKEN_KEY)) {
  const calls: Map<string, Promise<Response>> = ((window as unknown as Record<string, Map<string, Promise<Response>>>)[EARLY_CALLS] ??= new Map());
  const onTickets = /^\/tickets(\/|$)/.test(window.location.pathname);
  // A copy of the answer is read here, before the app (which takes the same promise later) reads the original.
  const refresh = fetch('/auth/refresh_token', { method: 'POST', credentials: 'include' }).then((answer) => {
    if (onTickets && window.location.search === '') askFirstList(answer.clone(), calls).catch(() => undefined);
    return answer;
  });
  refresh.catch(() => undefined);
  calls.set(`POST ${new URL('/auth/refresh_token', window.location.origin).href}`, refresh);

  // The conversations screen loads once the session is back; its code can travel with the app's.
  const files = document.querySelector<HTMLMetaElement>(TICKETS_FILES)?.content.split(' ').filter(Boolean) ?? [];
  if (onTickets) {
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
