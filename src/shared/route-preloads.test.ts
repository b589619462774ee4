import { describe, expect, it } from 'vitest';
import { layoutFiles, preloadLinks, preloadsForPath, routeSegments, type RoutePreload } from './route-preloads.ts';

describe('route files to page paths', () => {
  it.each([
    ['login', ['login']],
    ['index', []],
    ['plans.index', ['plans']],
    ['users.$id.reset-password', ['users', '*', 'reset-password']],
    ['_authenticated/dashboard', ['dashboard']],
    ['_authenticated/dashboard/index', ['dashboard']],
    ['_authenticated/dashboard/my-services.$orderId.analysis-form.create', ['dashboard', 'my-services', '*', 'analysis-form', 'create']],
  ])('%s → /%s', (file, segments) => {
    expect(routeSegments(file)).toEqual(segments);
  });

  it('lists the layouts a route sits in', () => {
    expect(layoutFiles('_authenticated/dashboard/notifications')).toEqual(['_authenticated', '_authenticated/dashboard']);
    expect(layoutFiles('login')).toEqual([]);
  });
});

describe('preloads for a page', () => {
  const routes: RoutePreload[] = [
    { segments: ['dashboard'], files: ['a.js', 'shared.js'] },
    { segments: ['dashboard', 'my-services', '*', 'analyses'], files: ['b.js', 'shared.js'] },
    { segments: ['login'], files: ['login.js'], texts: ['auth', 'validation'] },
  ];

  it('matches parameters and decoded segments, only the exact page', () => {
    expect(preloadsForPath(routes, '/dashboard/my-services/abc/analyses').files).toEqual(['b.js', 'shared.js']);
    expect(preloadsForPath(routes, '/dashboard/my-services/a%20b/analyses/').files).toEqual(['b.js', 'shared.js']);
    expect(preloadsForPath(routes, '/dashboard/').files).toEqual(['a.js', 'shared.js']);
    expect(preloadsForPath(routes, '/dashboard/my-services').files).toEqual([]);
    expect(preloadsForPath(routes, '/%E0%A4%A').files).toEqual([]);
  });

  it('writes module preloads and the texts in the given language', () => {
    expect(preloadLinks(preloadsForPath(routes, '/login'), 'es')).toBe(
      '<link rel="preload" href="/locales/es/auth.json" as="fetch" crossorigin>' +
        '<link rel="preload" href="/locales/es/validation.json" as="fetch" crossorigin>' +
        '<link rel="modulepreload" crossorigin href="/login.js">',
    );
    expect(preloadLinks({ files: [], texts: [] }, 'pt-BR')).toBe('');
  });

  it("links the page's stylesheets, so a pre-rendered page paints in its final layout", () => {
    expect(preloadLinks({ files: ['assets/about.js', 'assets/about.css'], texts: [] }, 'pt-BR')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/about.css">' + '<link rel="modulepreload" crossorigin href="/assets/about.js">',
    );
  });
});
