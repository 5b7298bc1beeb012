/* Conversa shell service worker. VERSION and PRECACHE are stamped by the build (vite.config.ts). */
const VERSION = 'dev';
const PRECACHE = [];
const CACHE = `conversa-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits until the user accepts the update prompt.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
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
    // Network first so a deploy is seen at once; the cached shell only answers when offline.
    event.respondWith(
      fetch(request).catch(() => caches.match('/', { cacheName: CACHE }).then((cached) => cached || Response.error())),
    );
    return;
  }

  // Built assets carry a content hash in their names, so a cached copy is always the right one.
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached || fetch(request)));
  }
  // Everything else (API, websocket upgrade, media) goes straight to the network.
});
