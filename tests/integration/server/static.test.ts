import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrerenderedPages } from '#shared/prerendered-pages.ts';
import type { RoutePreload } from '#shared/route-preloads.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'locales', 'pt-BR'), { recursive: true });
  // Long enough to be compressed (the threshold is 1 kB).
  const padding = `<!-- ${'shell '.repeat(300)}-->`;
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><title>DoseHub</title><meta name="description" content="Dosimetria clínica." /><link rel="preload" href="/locales/pt-BR/common.json" as="fetch" crossorigin>` +
      `<script type="module" crossorigin src="/assets/index-abc123.js"></script>${padding}</head><body><div id="root"></div></body></html>`,
  );
  const pages: PrerenderedPages = {
    'pt-BR': {
      '/': '<main><h1>Dosimetria personalizada</h1></main>',
      '/about': '<title>Sobre · DoseHub</title><main><h1>Sobre $& US$ 10</h1></main>',
      '/contact': '<main><h1>Contato</h1><form><input name="email"></form></main>',
      '/faq':
        '<title>Perguntas · DoseHub</title><meta name="description" content="Perguntas &amp; &quot;respostas&quot;"/><main><h1>FAQ</h1>' +
        '<script type="application/ld+json">{"url":"https://dosehub-origin.invalid/faq"}</script></main>',
    },
    es: { '/': '<meta name="description" content="Dosimetría clínica."/><main><h1>Dosimetría personalizada</h1></main>' },
  };
  fs.writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify(pages));
  const routes: RoutePreload[] = [
    { segments: ['login'], files: ['assets/login-1.js', 'assets/forms-2.js'], texts: ['auth', 'validation'] },
    { segments: ['about'], files: ['assets/about-5.js', 'assets/about-5.css'] },
    { segments: ['dashboard', 'my-services', '*', 'analyses'], files: ['assets/dashboard-3.js', 'assets/analyses-4.js'] },
  ];
  fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(routes));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dist, 'locales', 'pt-BR', 'common.json'), '{"a":"b"}');
  t = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static serving of the built client', () => {
  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/sw.js', '/locales/pt-BR/common.json'])('revalidates %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/qualquer-coisa', '/dashboard/profile', '/services/dosi-clin/hire'])(
    'serves the app for client-side route %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('does not answer a missing file with the app', async () => {
    const response = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses large responses', async () => {
    const response = await t.app.inject({ url: '/api/v1/services/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves a page path compressed, as the site root is', async () => {
    const encodings = [];
    for (const url of ['/', '/login']) {
      encodings.push((await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']);
    }
    expect(encodings).toEqual(['gzip', 'gzip']);
  });

  it("adds the page's code and texts to the shell, so they load alongside the entry", async () => {
    const login = (await t.app.inject({ url: '/login?redirect=%2Fdashboard' })).body;
    const head = login.slice(0, login.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/forms-2.js">');
    expect(head).toContain('<link rel="preload" href="/locales/pt-BR/auth.json" as="fetch" crossorigin>');

    const analyses = (await t.app.inject({ url: '/dashboard/my-services/0193a1b2-aaaa/analyses' })).body;
    expect(analyses).toContain('href="/assets/analyses-4.js"');
    expect(analyses).not.toContain('login-1.js');

    for (const url of ['/', '/login/extra', '/dashboard/my-services']) {
      expect((await t.app.inject({ url })).body).not.toContain('modulepreload');
    }
  });

  it("puts a visitor's pre-rendered page in the shell's root, inert until the app replaces it, scripts after it", async () => {
    const response = await t.app.inject({ url: '/about?x=1' });
    expect(response.body).toContain('<div id="root"><div inert><main><h1>Sobre $& US$ 10</h1></main></div></div>');
    // The page's title replaces the shell's, in the head.
    expect(response.body).toContain('<head><title>Sobre · DoseHub</title>');
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it("starts a pre-rendered page's app on interaction, a form's too: its code is named for public/start-app.js, not fetched with the page", async () => {
    const about = (await t.app.inject({ url: '/about' })).body;
    expect(about).toContain('<script type="module" fetchpriority="low" src="/start-app.js" data-entry="/assets/index-abc123.js" data-preloads="/assets/about-5.js"></script>');
    expect(about).not.toContain('modulepreload');
    expect(about).not.toContain('src="/assets/index-abc123.js"');
    // The page's styles are still linked: it paints in its final layout.
    expect(about).toContain('<link rel="stylesheet" crossorigin href="/assets/about-5.css">');

    const contact = (await t.app.inject({ url: '/contact' })).body;
    expect(contact).toContain('<script type="module" fetchpriority="low" src="/start-app.js" data-entry="/assets/index-abc123.js" data-preloads=""></script>');
    expect(contact).not.toContain('src="/assets/index-abc123.js"');

    // A signed-in user gets the plain shell: the entry loads at once.
    const signedIn = (await t.app.inject({ url: '/about', cookies: { id: 'u1', isStaff: 'false' } })).body;
    expect(signedIn).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(signedIn).not.toContain('start-app.js');
  });

  it('pre-renders in the language of the cookie the app keeps, with the document language and start-up texts to match', async () => {
    const spanish = (await t.app.inject({ url: '/', cookies: { 'product-language': 'es' } })).body;
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<h1>Dosimetría personalizada</h1>');
    expect(spanish).toContain('href="/locales/es/common.json"');
    expect(spanish).not.toContain('/locales/pt-BR/');
    expect(spanish.match(/<meta name="description"[^>]*>/g)).toEqual(['<meta name="description" content="Dosimetría clínica."/>']);

    const unknown = (await t.app.inject({ url: '/', cookies: { 'product-language': 'xx' } })).body;
    expect(unknown).toContain('<html lang="pt-BR">');
    expect(unknown).toContain('<h1>Dosimetria personalizada</h1>');
  });

  it('sends the plain shell to a signed-in user, for a page not pre-rendered, and for a language without the page', async () => {
    const plain = [
      await t.app.inject({ url: '/', cookies: { id: 'u1', isStaff: 'false' } }),
      await t.app.inject({ url: '/dashboard/profile' }),
      await t.app.inject({ url: '/about', cookies: { 'product-language': 'es' } }),
    ];
    for (const response of plain) {
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    }
  });

  it("the address's ?lang= picks the language over the cookie, so each language of a page has its own URL", async () => {
    const spanish = (await t.app.inject({ url: '/?lang=es', cookies: { 'product-language': 'pt-BR' } })).body;
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<h1>Dosimetría personalizada</h1>');
    const unknown = (await t.app.inject({ url: '/?lang=xx', cookies: { 'product-language': 'es' } })).body;
    expect(unknown).toContain('<html lang="es">');
  });

  it("gives a pre-rendered page its canonical URL, language alternates, Open Graph and Twitter tags, and the site's origin in its structured data", async () => {
    const html = (await t.app.inject({ url: '/faq' })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="canonical" href="http://dosehub.test/faq">');
    expect(head).toContain('<link rel="alternate" hreflang="pt-BR" href="http://dosehub.test/faq">');
    expect(head).toContain('<link rel="alternate" hreflang="en-US" href="http://dosehub.test/faq?lang=en-US">');
    expect(head).toContain('<link rel="alternate" hreflang="es" href="http://dosehub.test/faq?lang=es">');
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="http://dosehub.test/faq">');
    expect(head).toContain('<meta property="og:title" content="Perguntas · DoseHub">');
    expect(head).toContain('<meta property="og:description" content="Perguntas &amp; &quot;respostas&quot;">');
    expect(head).toContain('<meta property="og:locale" content="pt_BR">');
    expect(head).toContain('<meta property="og:image" content="http://dosehub.test/images/site/share.png">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('{"url":"http://dosehub.test/faq"}');
    expect(html).not.toContain('dosehub-origin.invalid');
    // A page that is not pre-rendered (or a signed-in user's) has none: its title is not the page's.
    expect((await t.app.inject({ url: '/dashboard/profile' })).body).not.toContain('rel="canonical"');
  });

  it('serves robots.txt pointing at the sitemap, and a sitemap of every public page in every language', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://dosehub.test/sitemap.xml');
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain('http://dosehub.test/');
    expect(locations).toContain('http://dosehub.test/service-info/dosi-clin?lang=es');
    expect(locations).toContain('http://dosehub.test/faq?lang=en-US');
    for (const language of ['', '?lang=en-US', '?lang=es']) expect(locations).toContain(`http://dosehub.test/privacy${language}`);
    expect(locations.length).toBe(new Set(locations).size);
    expect(locations.length % 3).toBe(0);
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    const responses = await Promise.all((['GET', 'POST'] as const).map((method) => t.app.inject({ method, url: '/api/v1/nada/' })));
    expect(responses.map((response) => [response.statusCode, response.json().errors.length])).toEqual([[404, 1], [404, 1]]);
  });
});
