import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE } from '#shared/languages.ts';
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
}

/**
 * The app shell (index.html) for any page path, with `<link rel="modulepreload">` for that page's chunks
 * (route-preloads.json, written by the build). Re-read when index.html changes on disk (a deploy).
 */
export function appShell(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  let files: ShellFiles | null = null;

  async function load(): Promise<ShellFiles> {
    const modified = (await fs.promises.stat(indexFile)).mtimeMs;
    if (files?.modified === modified) return files;
    const html = await fs.promises.readFile(indexFile, 'utf8');
    const routes = await fs.promises
      .readFile(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8')
      .then((text) => JSON.parse(text) as RoutePreload[])
      .catch(() => []);
    files = { modified, html, routes };
    return files;
  }

  return async function serveAppShell(request: FastifyRequest, reply: FastifyReply) {
    const { html, routes } = await load();
    // The client reads its language from localStorage, unknown here: the default language's texts, as index.html.
    const links = preloadLinks(preloadsForPath(routes, request.url.split('?')[0] ?? '/'), DEFAULT_LANGUAGE);
    return reply
      .header('Cache-Control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(links ? html.replace('</head>', `${links}</head>`) : html);
  };
}

/** Serves the built client (and its /locales/) from `root`; unknown page paths fall back to index.html. */
export const staticPlugin = fp<{ root: string; serveAppShell: ReturnType<typeof appShell> }>(async (app, { root, serveAppShell }) => {
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
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    return isApi || /\.[a-z0-9]+$/i.test(pathname) ? reply.callNotFound() : serveAppShell(request, reply);
  });
});
