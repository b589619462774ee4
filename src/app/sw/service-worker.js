/* DoseHub's service worker, written into dist/sw.js by vite.config.ts with this build's file list.
 * It precaches the app shell, every route chunk, the locale files and the public images, serves page
 * navigations from the network with the cached shell as the offline fallback, and never touches /api/
 * (data lives in IndexedDB). A new version waits until the old tabs close, or until told to take over. */
const VERSION = __DOSEHUB_VERSION__;
const PRECACHE = __DOSEHUB_PRECACHE__;
const CACHE = `dosehub-${VERSION}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('dosehub-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

/** Background Sync (Chromium): ask the open tabs to drain their outbox. */
self.addEventListener('sync', (event) => {
  event.waitUntil(self.clients.matchAll().then((clients) => clients.forEach((client) => client.postMessage({ type: 'sync' }))));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(SHELL, { cacheName: CACHE })));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
});
