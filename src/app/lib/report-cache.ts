/**
 * Reports the user has opened stay readable offline (issue 6): the service worker keeps each report it
 * fetched in this cache (network first), and logout deletes it with the rest of the user's data.
 */
export const REPORTS_CACHE = 'dosehub-reports';

/** `/api/v1/users/{uid}/orders/{oid}/analysis/{aid}/report/` */
export const REPORT_PATH = /^\/api\/v1\/users\/[^/]+\/orders\/[^/]+\/analysis\/[^/]+\/report\/?$/;

export async function forgetCachedReports(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(REPORTS_CACHE).catch(() => false);
}
