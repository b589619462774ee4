import { matchPrecache, type createHandlerBoundToURL } from 'workbox-precaching';
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '../../shared/languages.ts';
import { LANGUAGE_COOKIE, composeShell } from '../../shared/prerendered-pages.ts';
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

/** The Cookie Store API, which workers have in Chromium (not yet in TypeScript's worker library). */
type CookieReader = { cookieStore?: { get(name: string): Promise<{ value: string } | null> } };

/** The language the page keeps in its cookie (lib/i18n.ts); the default where the worker cannot read cookies. */
async function chosenLanguage(): Promise<Language> {
  const cookie = await (globalThis as CookieReader).cookieStore?.get(LANGUAGE_COOKIE).catch(() => null);
  return matchLanguage(cookie?.value) ?? DEFAULT_LANGUAGE;
}

/**
 * The cached app shell with the page's preload links and the chosen language's start-up texts, as the server
 * sends it (static.ts): an offline start fetches the page's chunks and texts from the cache alongside the
 * entry, not after the entry has run.
 */
export function shellWithPreloads(shell: Handler): Handler {
  return async (options) => {
    const response = await shell(options);
    if (!response.ok) return response;
    const language = await chosenLanguage();
    const links = preloadLinks(preloadsForPath(await readRoutes(), options.url.pathname), language);
    const html = composeShell((await response.text()).replace('</head>', `${links}</head>`), { language });
    return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
