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
