/* Conversa shell service worker. VERSION and PRECACHE are stamped by the build (ui/scripts/serviceWorkerManifest.ts). */
const VERSION = 'dev';
const PRECACHE = [];
/** The built index by its own path: `/` answers a page only to requests that accept text/html. */
const SHELL = '/index.html';
const CACHE = `conversa-shell-${VERSION}`;
/** Paths a navigation may open that are not the app's pages (the server's page rule, services/server/src/http.ts). */
const NOT_PAGES = /^\/(socket|health|metrics)$|^\/(media|api\/docs)(\/|$)|\.[a-z0-9]+$/i;

self.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits until the user accepts the update prompt.
  // The shell is revalidated (it is `no-cache` on the server); hashed files may come from the HTTP cache, where the
  // page that registered this worker has just put them. One failed file fails the install: the old version stays.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: path === SHELL ? 'no-cache' : 'default' })))),
  );
});

self.addEventListener('activate', (event) => {
  // Every other version's cache goes, so a release replaces the previous one whole.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('conversa-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    if (NOT_PAGES.test(url.pathname)) return;
    // The shell of this version, from the cache: it names exactly the files this version precached. A release is
    // seen through the worker's update (the browser checks this script on navigation, then the update prompt).
    event.respondWith(caches.match(SHELL, { cacheName: CACHE, ignoreVary: true }).then((cached) => cached || fetch(request)));
    return;
  }

  // Built assets carry a content hash in their names, so a cached copy is always the right one. The server varies
  // them on Accept-Encoding, a header the network adds and neither request shows: nothing to tell apart.
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE, ignoreVary: true }).then((cached) => cached || fetch(request)));
  }
  // Everything else (API calls, the socket, media) goes straight to the network and is never cached.
});

// Web Push (docs/push.md): a new ticket or message while no tab of the user shows the app. The payload is the
// server's PushPayload (contracts/src/push/api.ts); a push that cannot be read still shows, as the browser demands.
self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  const title = (payload && payload.title) || 'Conversa';
  const path = payload && /^[0-9a-f-]{36}$/i.test(payload.ticketUuid || '') ? `/tickets/${payload.ticketUuid}` : '/tickets';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: (payload && payload.body) || '',
      icon: '/favicon.svg',
      // One notification per ticket: a later message replaces the earlier one.
      tag: payload && payload.ticketUuid ? `ticket-${payload.ticketUuid}` : 'conversa',
      renotify: true,
      data: { path },
    }),
  );
});

// A click opens the ticket: in a tab of the app already open when there is one, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.path) || '/tickets';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      // navigate() needs a tab this worker controls; any other is left alone for a new one.
      if (open)
        return open
          .focus()
          .then((client) => (client || open).navigate(target))
          .catch(() => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
