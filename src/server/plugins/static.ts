import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed build assets never change; everything else (index.html, sw.js, locales, icons) revalidates. */
export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? IMMUTABLE : REVALIDATE;
}

export function hasBuiltApp(distDir: string | null): distDir is string {
  return distDir !== null && fs.existsSync(path.join(distDir, 'index.html'));
}

export function serveAppShell(_request: FastifyRequest, reply: FastifyReply) {
  return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
}

/** Serves the built client (and its /locales/) from `root`; unknown page paths fall back to index.html. */
export const staticPlugin = fp<{ root: string }>(async (app, { root }) => {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    index: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });
  // `wildcard: false` registers one route per file; "/" itself is the app shell.
  app.get('/', { schema: { hide: true } }, serveAppShell);
});
