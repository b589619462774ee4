import type { FastifyInstance, HTTPMethods } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api` route's URL pattern and methods, as registered (the fuzz test walks them). */
    apiRoutes(): { url: string; methods: string[] }[];
  }
}

interface RoutePattern {
  url: string;
  regex: RegExp;
  methods: Set<string>;
  /** No parameters: it wins over parametric routes for the same path, as in the router. */
  isStatic: boolean;
}

function patternToRegex(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Remembers every route's URL pattern and methods so that a request for a known path with a
 * method it does not support gets 405 with `Allow`, not 404.
 */
export function trackRouteMethods(app: FastifyInstance) {
  const patterns = new Map<string, RoutePattern>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const key = route.url.replace(/\/+$/, '') || '/';
    const entry = patterns.get(key) ?? { url: route.url, regex: patternToRegex(route.url), methods: new Set<string>(), isStatic: !/[:*]/.test(route.url) };
    const methods = ([] as HTTPMethods[]).concat(route.method);
    methods.forEach((m) => entry.methods.add(m.toUpperCase()));
    patterns.set(key, entry);
  });
  function allowedMethods(path: string): string[] {
    const matches = [...patterns.values()].filter(({ regex }) => regex.test(path));
    const staticMatch = matches.find((pattern) => pattern.isStatic);
    const allowed = new Set((staticMatch ? [staticMatch] : matches).flatMap(({ methods }) => [...methods]));
    return [...allowed].toSorted();
  }
  app.decorate('apiRoutes', () => [...patterns.values()].map(({ url, methods }) => ({ url, methods: [...methods].toSorted() })));
  return { allowedMethods };
}
