/** Registers the service worker of a production build (it precaches the app so it opens offline). */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}
