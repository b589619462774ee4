import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SUPPORTED_LANGUAGES, type Language } from '#shared/languages.ts';
import { openPage, startAppByPointer, type PageProblems } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { axeViolations } from './support/axe.ts';

const env = useE2eEnvironment();

/** Screenshots of every public page in every language, to look at (gitignored; README "Public site"). */
const SCREENSHOTS = path.resolve('screenshots/public-site');
const WIDTHS = [390, 1280] as const;
const PAGES = ['/', '/about', '/articles', '/faq', '/contact', '/services', '/service-info/dosi-clin', '/service-info/model-comp', '/services/dosi-clin/hire', '/plans', '/login', '/signup', '/forgot-password/request'];

/** Dotted keys of the site's namespaces: i18next shows a missing text as its key. */
const KEYS = ['site', 'catalog', 'pages', 'contact'].flatMap((namespace) => dottedKeys(JSON.parse(fs.readFileSync(`locales/pt-BR/${namespace}.json`, 'utf8'))));

function dottedKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return prefix.includes('.') ? [prefix] : [];
  return Object.entries(value).flatMap(([key, child]) => dottedKeys(child, prefix ? `${prefix}.${key}` : key));
}



/** Opens a page in a language by its address, once the app has taken the pre-rendered copy over. */
async function visit(page: Page, pagePath: string, language: Language) {
  await page.goto(`${env.server.url}${pagePath}?lang=${language}`);
  await startAppByPointer(page);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * Lazy images below the fold load once they come near the viewport: scrolls through the page, letting the browser
 * render a frame at each position (a fixed sleep did not, on a loaded machine, and an image it skipped never loaded).
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
}

/** Waits until every image has loaded or failed (broken ones are reported apart); returns those still loading after 30 s. */
async function unfinishedImages(page: Page): Promise<string[]> {
  const allDone = () => [...document.images].every((image) => image.complete);
  const done = await page.waitForFunction(allDone, undefined, { timeout: 30_000 }).then(() => true, () => false);
  if (done) return [];
  return page.evaluate(() => [...document.images].filter((image) => !image.complete).map((image) => `${image.currentSrc || image.src} (${image.loading})`));
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function newSitePage(width: number, options: Parameters<typeof env.browser.newContext>[0] = {}): Promise<[BrowserContext, Page & PageProblems]> {
  // Without the service worker, whose cached shell is not pre-rendered: every visit is a first one.
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block', ...options });
  return [context, await openPage(context)];
}

/** Blocking workers (so every visit is a first one) makes their registration fail; nothing else may. */
const realProblems = (page: PageProblems) => page.problems.filter((problem) => !problem.startsWith('Service worker registration failed'));

const CASES = SUPPORTED_LANGUAGES.flatMap((language) => WIDTHS.map((width) => [language, width] as const));

describe('the public site in every language', () => {
  // Concurrent: each case is a page of its own, and most of a visit is waiting (network, images, paint).
  it.concurrent.for(CASES)('in %s at %i px every page renders complete (no missing text, nothing wider than the screen), saved as a screenshot, with no axe violation', { timeout: 240_000 }, async ([language, width], { expect }) => {
    const [context, page] = await newSitePage(width);
    const problems: string[] = [];
    for (const pagePath of PAGES) {
      await visit(page, pagePath, language);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await scrollThrough(page);
      const unfinished = await unfinishedImages(page);
      if (unfinished.length) problems.push(`${language} ${pagePath}: images not loaded in 30 s: ${unfinished.join(', ')}`);
      const text = await page.locator('main').innerText();
      const shownKeys = KEYS.filter((key) => text.includes(key));
      const name = `${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}`;
      await page.screenshot({ path: path.join(SCREENSHOTS, language, `${name}-${width}.png`), fullPage: true });
      const brokenImages = await page.evaluate(() => [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.currentSrc || image.src));
      const label = `${language} ${pagePath}`;
      if (shownKeys.length) problems.push(`${label}: keys shown ${shownKeys.join(', ')}`);
      if ((await overflow(page)) > 0) problems.push(`${label}: wider than ${width} px`);
      if (brokenImages.length) problems.push(`${label}: broken images ${brokenImages.join(', ')}`);
      problems.push(...(await axeViolations(page)).map((violation) => `${label}: ${violation}`));
    }
    expect(problems).toEqual([]);
    expect(realProblems(page)).toEqual([]);
    await context.close();
  });

  it.each([360, 1920])('at the extremes (%i px) no page is wider than the screen', async (width) => {
    const [context, page] = await newSitePage(width);
    for (const pagePath of PAGES) {
      await visit(page, pagePath, 'es');
      expect([pagePath, await overflow(page)]).toEqual([pagePath, 0]);
    }
    await context.close();
  });

  it.each([1024, 1280, 1360, 1920])("at %i px the header shows every link on one line, in every language, all inside the screen", async (width) => {
    const [context, page] = await newSitePage(width);
    const problems: string[] = [];
    for (const language of SUPPORTED_LANGUAGES) {
      await visit(page, '/', language);
      const links = page.getByRole('navigation', { name: /./ }).first().getByRole('link');
      await expect.poll(() => links.count()).toBeGreaterThan(5);
      for (const link of await links.all()) {
        // The lines of the link's text: the distinct tops of its text's boxes.
        const lines = await link.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
        });
        if (lines !== 1) problems.push(`${language}: "${await link.innerText()}" on ${lines} lines`);
      }
      const outside = await page.evaluate(() => [...document.querySelectorAll('header *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth).length);
      if (outside > 0) problems.push(`${language}: ${outside} header elements past the right edge`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('below 1024 px the menu button opens the links', async () => {
    const [context, page] = await newSitePage(1000);
    await visit(page, '/', 'es');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Acerca de' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    await context.close();
  });

  it('a service id that does not exist is the not-found page', async () => {
    const [context, page] = await newSitePage(390);
    await page.goto(`${env.server.url}/service-info/nao-existe`);
    await page.getByRole('heading', { level: 1, name: 'Página não encontrada!' }).waitFor();
    await expect.poll(() => page.title()).toBe('Página não encontrada! · DoseHub');
    await context.close();
  });

  it('the home page shows its way to the services and plans above the fold of a 1280 × 800 screen', async () => {
    const [context, page] = await newSitePage(1280, { viewport: { width: 1280, height: 800 } });
    await visit(page, '/', 'pt-BR');
    const services = page.getByRole('main').getByRole('link', { name: 'Conhecer os serviços' }).first();
    const box = await services.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    await services.click();
    await page.waitForURL((url) => url.pathname === '/services');
    await context.close();
  });

  it("each home service leads to its page, in the visitor's language", async () => {
    const [context, page] = await newSitePage(1280);
    await visit(page, '/', 'en-US');
    await page.getByRole('link', { name: 'Learn more about Radiosynoviorthesis' }).click();
    await page.getByRole('heading', { level: 1, name: 'Radiosynoviorthesis' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/service-info/radiosino');
    await page.getByRole('heading', { name: '100% refund' }).waitFor();
    // Signed out, asking for a quote leads to the login page, which returns to the quote form.
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && (url.searchParams.get('redirect') ?? '').includes('/services/radiosino/hire/budget-form'));
    await context.close();
  });
});

describe('findability', () => {
  it("a page's address names its language; the head carries canonical, alternates, Open Graph and structured data", async () => {
    const origin = env.server.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '');
    const html = await (await fetch(`${env.server.url}/faq?lang=es`)).text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<title>Preguntas frecuentes · DoseHub</title>');
    const head = html.slice(0, html.indexOf('</head>'));
    const publicOrigin = /<link rel="canonical" href="(https?:\/\/[^/"]+)\/faq\?lang=es">/.exec(head)?.[1];
    expect([origin, env.server.url.replace(/\/$/, '')]).toContain(publicOrigin);
    expect(head).toContain(`<link rel="alternate" hreflang="pt-BR" href="${publicOrigin}/faq">`);
    for (const lng of ['en-US', 'es']) expect(head).toContain(`<link rel="alternate" hreflang="${lng}" href="${publicOrigin}/faq?lang=${lng}">`);
    expect(head).toContain(`<link rel="alternate" hreflang="x-default" href="${publicOrigin}/faq">`);
    expect(head).toContain('<meta property="og:title" content="Preguntas frecuentes · DoseHub">');
    expect(head).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as { '@type': string; mainEntity: { name: string }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity[0]!.name).toBe('¿Qué servicios ofrece DoseHub?');
  });

  it('the structured data reaches the browser without a CSP complaint, and the language of the address sticks', async () => {
    const [context, page] = await newSitePage(390);
    await visit(page, '/', 'en-US');
    const types = await page.locator('script[type="application/ld+json"]').evaluateAll((nodes) => nodes.map((node) => (JSON.parse(node.textContent ?? '{}') as { '@type': string })['@type']));
    expect(types).toEqual(['Organization']);
    // The address loses its ?lang=, the choice stays: the next page comes in English.
    expect(new URL(page.url()).search).toBe('');
    await page.goto(`${env.server.url}/about`);
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    expect(realProblems(page)).toEqual([]);
    await context.close();
  });
});

describe('the home carousel', () => {
  const current = (page: Page) => page.locator('[aria-roledescription="slide"]:not([hidden])').getAttribute('aria-label');

  it('advances by itself, stops when paused, and is driven by keyboard with the change announced', async () => {
    const [context, page] = await newSitePage(1280);
    await page.clock.install();
    await visit(page, '/', 'pt-BR');
    expect(await current(page)).toBe('Slide 1 de 3');
    await page.clock.fastForward(7_500);
    await expect.poll(() => current(page)).toBe('Slide 2 de 3');

    await page.getByRole('button', { name: 'Pausar a apresentação' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('link', { name: 'Serviços', exact: true }).first().focus();
    await page.clock.fastForward(20_000);
    expect(await current(page)).toBe('Slide 2 de 3');
    expect(await page.locator('[aria-live="polite"] [aria-roledescription="slide"]').count()).toBe(3);

    await page.getByRole('button', { name: 'Próximo slide' }).focus();
    await page.keyboard.press('Enter');
    expect(await current(page)).toBe('Slide 3 de 3');
    await page.keyboard.press('ArrowRight');
    expect(await current(page)).toBe('Slide 1 de 3');
    await page.getByRole('button', { name: 'Mostrar o slide 2' }).click();
    expect(await current(page)).toBe('Slide 2 de 3');
    await context.close();
  });

  it('never moves by itself when the visitor prefers reduced motion', async () => {
    const [context, page] = await newSitePage(1280, { reducedMotion: 'reduce' });
    await page.clock.install();
    await visit(page, '/', 'pt-BR');
    await page.clock.fastForward(30_000);
    expect(await current(page)).toBe('Slide 1 de 3');
    expect(await page.getByRole('button', { name: 'Retomar a apresentação' }).count()).toBe(1);
    await context.close();
  });

  it('has every slide image loaded soon after the page, before a slide shows (carousel still)', async () => {
    const [context, page] = await newSitePage(390, { reducedMotion: 'reduce' });
    await visit(page, '/', 'pt-BR');
    const slideImages = page.locator('[aria-roledescription="slide"] picture img');
    expect(await slideImages.count()).toBe(3);
    // The page's load, then AFTER_LOAD_MS (3 s), then an idle moment.
    await expect.poll(() => slideImages.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length), { timeout: 15_000 }).toBe(3);
    expect(await current(page)).toBe('Slide 1 de 3');
    await context.close();
  });
});
