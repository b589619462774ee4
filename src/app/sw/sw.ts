/// <reference lib="webworker" />
/* DoseHub's service worker (vite-plugin-pwa injectManifest). It precaches the app shell, every route
 * chunk, the three languages and the images; serves app pages from the cached shell; leaves /api/ alone
 * (data lives in IndexedDB) but for the reports the user opened; shows Web Push notifications and keeps
 * the app badge in step. */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { REPORTS_CACHE, REPORT_PATH } from '../lib/report-cache.ts';
import { handleNotificationClick, handlePush } from './push-handlers.ts';
import { shellWithPreloads } from './shell-with-preloads.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages of the app open from the cached shell; the API, the docs and real files (PDFs…) never do.
registerRoute(
  new NavigationRoute(shellWithPreloads(createHandlerBoundToURL('/index.html')), {
    denylist: [/^\/api\//, /^\/terms\//, /\/[^/]+\.[a-z0-9]+$/i],
  }),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin && !url.pathname.startsWith('/api/');

// Locale files are precached; this keeps any other one (a namespace added later) readable offline once seen.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/locales/'),
  new StaleWhileRevalidate({ cacheName: 'dosehub-locales' }),
);

// A report opened once stays readable offline: the server's copy when it answers, else the last one seen
// (only 200s are kept; logout deletes the cache).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && REPORT_PATH.test(url.pathname),
  new NetworkFirst({ cacheName: REPORTS_CACHE, networkTimeoutSeconds: 15, plugins: [new ExpirationPlugin({ maxEntries: 50 })] }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.destination === 'image',
  new CacheFirst({ cacheName: 'dosehub-images', plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// Take over open tabs on activation: the first visit is controlled at once, and after the user accepts
// an update the page sees the controller change and reloads into the new version.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Background Sync (Chromium): ask the open tabs to drain their outbox (they hold the session). */
self.addEventListener('sync', (event) => {
  const syncEvent = event as ExtendableEvent;
  syncEvent.waitUntil(self.clients.matchAll().then((clients) => clients.forEach((client) => client.postMessage({ type: 'sync' }))));
});

self.addEventListener('push', (event) => event.waitUntil(handlePush(self, event.data)));
self.addEventListener('notificationclick', (event) => event.waitUntil(handleNotificationClick(self, event)));
