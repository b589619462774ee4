/**
 * Per-page preload hints. The build writes, for each page, the chunks its route and layouts need beyond
 * the entry; the server adds `<link rel="modulepreload">` for the page asked for to the app shell, so a
 * first visit fetches the page's code alongside the entry instead of after the entry has run.
 */

export interface RoutePreload {
  /** Path segments; `*` stands for a `$param`. */
  segments: string[];
  /** Build asset paths: chunks (`assets/login-abc.js`) and their stylesheets (`assets/login-abc.css`). */
  files: string[];
  /** Translation namespaces the page loads before it renders (src/shared/page-texts.ts). */
  texts?: readonly string[];
}

export interface PagePreloads {
  files: string[];
  texts: string[];
}

/** `_authenticated/dashboard/my-services.$orderId.analyses` → dashboard, my-services, *, analyses. */
export function routeSegments(routeFile: string): string[] {
  return routeFile
    .split(/[/.]/)
    .filter((part) => part !== '' && part !== 'index' && !part.startsWith('_'))
    .map((part) => (part.startsWith('$') ? '*' : part));
}

/** The layout files a route file sits in: `a/b/c` → `a`, `a/b`. */
export function layoutFiles(routeFile: string): string[] {
  const dirs = routeFile.split('/').slice(0, -1);
  return dirs.map((_, i) => dirs.slice(0, i + 1).join('/'));
}

function matches(route: RoutePreload, pathSegments: string[]): boolean {
  return route.segments.length === pathSegments.length && route.segments.every((segment, i) => segment === '*' || segment === pathSegments[i]);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The chunks and texts to preload for a page path, without repeats. */
export function preloadsForPath(routes: RoutePreload[], pathname: string): PagePreloads {
  const pathSegments = pathname.split('/').filter(Boolean).map(decodeSegment);
  const matching = routes.filter((route) => matches(route, pathSegments));
  return {
    files: [...new Set(matching.flatMap((route) => route.files))],
    texts: [...new Set(matching.flatMap((route) => route.texts ?? []))],
  };
}

/** The `<link>` tags for a page's preloads, for the app shell's `<head>`. */
export function preloadLinks({ files, texts }: PagePreloads, language: string): string {
  // The page's own styles (CSS modules of its chunks) are linked, not only preloaded: a pre-rendered page must
  // paint in its final layout before the scripts run (they would add the same links, and skip them then).
  const styles = files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const scripts = files.filter((file) => !file.endsWith('.css')).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const json = texts.map((ns) => `<link rel="preload" href="/locales/${language}/${ns}.json" as="fetch" crossorigin>`);
  return [...styles, ...json, ...scripts].join('');
}
