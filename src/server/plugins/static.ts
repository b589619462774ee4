import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, matchLanguage } from '#shared/languages.ts';
import { LANGUAGE_COOKIE, PRERENDERED_FILE, composeShell, type PrerenderedPages } from '#shared/prerendered-pages.ts';
import { languageParam, robotsTxt, sitemapXml } from '#shared/site-seo.ts';
import { preloadLinks, preloadsForPath, type RoutePreload } from '#shared/route-preloads.ts';

const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed build assets never change; everything else (index.html, sw.js, locales, icons) revalidates. */
export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? IMMUTABLE : REVALIDATE;
}

export function hasBuiltApp(distDir: string | null): distDir is string {
  return distDir !== null && fs.existsSync(path.join(distDir, 'index.html'));
}

interface ShellFiles {
  modified: number;
  html: string;
  routes: RoutePreload[];
  pages: PrerenderedPages;
}

const readJson = <T>(file: string, fallback: T): Promise<T> =>
  fs.promises
    .readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as T)
    .catch(() => fallback);

/**
 * The app shell (index.html) for any page path, with `<link rel="modulepreload">` for that page's chunks
 * (route-preloads.json, written by the build). Re-read when index.html changes on disk (a deploy).
 * `origin` is the site's public URL, read per request (main.ts fills it in once listening).
 */
export function appShell(distDir: string, origin: () => string) {
  const indexFile = path.join(distDir, 'index.html');
  let files: ShellFiles | null = null;

  async function load(): Promise<ShellFiles> {
    const modified = (await fs.promises.stat(indexFile)).mtimeMs;
    if (files?.modified === modified) return files;
    const html = await fs.promises.readFile(indexFile, 'utf8');
    const routes = await readJson<RoutePreload[]>(path.join(distDir, ROUTE_PRELOADS_FILE), []);
    const pages = await readJson<PrerenderedPages>(path.join(distDir, PRERENDERED_FILE), {});
    files = { modified, html, routes, pages };
    return files;
  }

  return async function serveAppShell(request: FastifyRequest, reply: FastifyReply) {
    const { html, routes, pages } = await load();
    const [pathname = '/', search = ''] = request.url.split('?');
    // The URL's `?lang=` (site-seo.ts), else the language the client keeps in a cookie (beside localStorage), else the default.
    const language = languageParam(search) ?? matchLanguage(request.cookies[LANGUAGE_COOKIE]) ?? DEFAULT_LANGUAGE;
    // A signed-in user's screens differ from a visitor's (header, redirects): no pre-rendered page for them.
    const page = request.cookies.id ? undefined : pages[language]?.[pathname];
    const links = preloadLinks(preloadsForPath(routes, pathname), language);
    return reply
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(composeShell(html.replace('</head>', `${links}</head>`), { language, page, place: { origin: origin(), path: pathname } }));
  };
}

/** Serves the built client (and its /locales/) from `root`; unknown page paths fall back to index.html. */
export const staticPlugin = fp<{ root: string; serveAppShell: ReturnType<typeof appShell>; origin: () => string }>(async (app, { root, serveAppShell, origin }) => {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    index: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });
  // `wildcard: false` registers one route per file; "/" and other page paths get the app shell from a route
  // (not the not-found handler) so that responses are compressed; API paths and missing files stay 404.
  app.get('/', { schema: { hide: true } }, serveAppShell);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => reply.header('Cache-Control', REVALIDATE).type('text/plain; charset=utf-8').send(robotsTxt(origin())));
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', REVALIDATE).type('application/xml; charset=utf-8').send(sitemapXml(origin())),
  );
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    return isApi || /\.[a-z0-9]+$/i.test(pathname) ? reply.callNotFound() : serveAppShell(request, reply);
  });
});
