import { matchPrecache, type createHandlerBoundToURL } from 'workbox-precaching';
import { DEFAULT_LANGUAGE } from '../../shared/languages.ts';
import { preloadLinks, preloadsForPath, type RoutePreload } from '../../shared/route-preloads.ts';

type Handler = ReturnType<typeof createHandlerBoundToURL>;

let routes: Promise<RoutePreload[]> | null = null;

/** The build's per-page chunks (route-preloads.json, precached), read once per worker. */
function readRoutes(): Promise<RoutePreload[]> {
  routes ??= matchPrecache('/route-preloads.json')
    .then((response) => (response ? (response.json() as Promise<RoutePreload[]>) : []))
    .catch(() => []);
  return routes;
}

/**
 * The cached app shell with the page's preload links, as the server sends it (static.ts): an offline
 * start fetches the page's chunks from the cache alongside the entry, not after the entry has run.
 */
export function shellWithPreloads(shell: Handler): Handler {
  return async (options) => {
    const response = await shell(options);
    const links = preloadLinks(preloadsForPath(await readRoutes(), options.url.pathname), DEFAULT_LANGUAGE);
    if (!links || !response.ok) return response;
    const html = (await response.text()).replace('</head>', `${links}</head>`);
    return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
