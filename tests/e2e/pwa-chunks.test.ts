import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { APP_START_MS, openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const pt = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { common: pt('common'), pages: pt('pages'), pwa: pt('pwa') };

const env = useE2eEnvironment();
const FAQ_CHUNK = /\/assets\/faq-[^/]+\.js$/;

/** A tab that outlived a deploy: no service worker to serve the old chunks, and the FAQ page's chunk fails `failures` times. */
async function tabWithMissingChunk(context: BrowserContext, failures: number) {
  const page = await openPage(context);
  let left = failures;
  await page.route(FAQ_CHUNK, (route) => (left-- > 0 ? route.abort('failed') : route.continue()));
  await page.goto(env.server.url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('contentinfo').getByRole('link', { name: t.common.footer.faq }).click();
  return page;
}

const sameDocument = (page: Awaited<ReturnType<typeof openPage>>) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('a route chunk that fails to load (Chromium, real server)', () => {
  it('reloads the page once and then shows the page', async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const page = await tabWithMissingChunk(context, 1);
    await page.getByRole('heading', { level: 1, name: t.pages.faq.title }).waitFor();
    expect(page.url()).toBe(`${env.server.url}/faq`);
    expect(await sameDocument(page)).toBe(false);
    await context.close();
  });

  it('after the one reload, shows "Unexpected Application Error!" saying why, with a reload button', async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const page = await tabWithMissingChunk(context, 1_000);
    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: t.common.errorScreen.title }) });
    await alert.waitFor();
    await alert.getByText(t.pwa.chunk.title).waitFor();
    expect(await sameDocument(page)).toBe(false);
    await expect.poll(() => alert.getByRole('button', { name: t.common.errorScreen.reload }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('installing the app', () => {
  it('meets Chromium\'s installability rules, with the manifest, icons and shortcuts', async () => {
    const context = await env.browser.newContext();
    const page = await openPage(context);
    await page.goto(env.server.url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // Playwright's contexts are incognito profiles, where Chromium never installs: the only error allowed.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(parsed).toMatchObject({ url: `${env.server.url}/manifest.webmanifest`, errors: [] });

    const manifest = (await (await fetch(`${env.server.url}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ short_name: 'DoseHub', display: 'standalone', lang: 'pt-BR', scope: '/' });
    const icons = manifest.icons as { sizes: string; purpose: string; src: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const { src } of [...icons, ...(manifest.screenshots as { src: string }[])]) {
      expect((await fetch(`${env.server.url}${src}`)).headers.get('content-type')).toBe('image/png');
    }
    expect((manifest.shortcuts as { url: string }[]).map((s) => s.url)).toEqual(['/dashboard/my-services', '/dashboard/my-calibrations', '/dashboard/notifications']);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon-180.png');
    expect(page.problems).toEqual([]);
    await context.close();
  });
});

describe('the login page (Chromium, real server)', () => {
  const chunkName = (url: string) => new URL(url, env.server.url).pathname.replace(/^\/assets\/(.+)-[\w-]{8}\.js$/, '$1');

  it("gets its code in two chunks beside the entry's, both named in the page so they load with it", async () => {
    const html = await (await fetch(`${env.server.url}/login`)).text();
    // A pre-rendered page names its chunks for public/start-app.js, which fetches them with the entry.
    const preloaded = (/data-preloads="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean).map(chunkName);
    // rolldown's runtime (0.4 kB), when the build gives it a chunk of its own, comes with the entry; the starter is no chunk: not counted.
    const ours = (names: string[]) => names.filter((name) => name !== 'rolldown-runtime' && name !== '/start-app.js');
    expect(ours(preloaded).sort()).toEqual(['login', 'login-form', 'start']);

    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const page = await openPage(context);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(chunkName(request.url()));
    });
    await page.goto(`${env.server.url}/login`);
    // The app has replaced the pre-rendered copy: its form is the live one.
    await expect.poll(() => page.locator('[inert]').count(), { timeout: APP_START_MS }).toBe(0);
    await page.locator('input[type="email"]').fill('someone@example.com');
    expect(ours(scripts).slice(0, 4).sort()).toEqual(['index', 'login', 'login-form', 'start']);
    await context.close();
  });
});
