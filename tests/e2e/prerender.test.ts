import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '#shared/prerendered-pages.ts';
import { SUPPORTED_LANGUAGES } from '#shared/languages.ts';
import { APP_START_MS, openPage, startAppByPointer } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 800 };
const LOGIN_TITLE = { 'pt-BR': 'Entrar', 'en-US': 'Log in', es: 'Iniciar sesión' } as const;
/** The yearly plan's total (600 − 380 USD) as each language writes it. */
const YEARLY_TOTAL = { 'pt-BR': 'US$\u00a0220,00', 'en-US': '$220.00', es: '220,00\u00a0US$' } as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The `<img>` tags of an HTML text that lack a width or a height (the browser cannot reserve their place). */
const imagesWithoutSize = (html: string) => (html.match(/<img\b[^>]*>/g) ?? []).filter((tag) => !/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag));

describe('public pages pre-rendered by the build (first paint before the scripts)', () => {
  it('the build rendered every listed page in the three languages', () => {
    const pages = JSON.parse(fs.readFileSync(`${process.env.DIST_DIR ?? 'dist'}/prerendered.json`, 'utf8')) as Record<string, Record<string, string>>;
    for (const language of SUPPORTED_LANGUAGES) {
      expect(Object.keys(pages[language] ?? {}).sort()).toEqual([...PRERENDERED_PATHS].sort());
      for (const html of Object.values(pages[language]!)) expect(html).toMatch(/<main[^>]*>[\s\S]*<h1/);
    }
    expect(pages.es!['/login']).toContain(LOGIN_TITLE.es);
  });

  it.each(SUPPORTED_LANGUAGES)('in %s, /plans is served pre-rendered: its heading, the plans with their USD prices in the language\'s format, and its head tags', async (language) => {
    const html = await (await fetch(`${env.server.url}/plans?lang=${language}`)).text();
    const [head = '', body = ''] = html.split('</head>');
    const { origin } = new URL(/<link rel="canonical" href="([^"]+)">/.exec(head)?.[1] ?? 'http://missing.invalid');
    const address = (lng: string) => (lng === 'pt-BR' ? `${origin}/plans` : `${origin}/plans?lang=${lng}`);
    expect(body).toMatch(/<main[^>]*>[\s\S]*<h1[^>]*>[^<]+<\/h1>/);
    expect(body).toContain(YEARLY_TOTAL[language]);
    expect(head).toContain(`<link rel="canonical" href="${address(language)}">`);
    for (const lng of [...SUPPORTED_LANGUAGES, 'x-default']) expect(head).toContain(`<link rel="alternate" hreflang="${lng}" href="${address(lng === 'x-default' ? 'pt-BR' : lng)}">`);
    expect(head).toContain(`<meta property="og:url" content="${address(language)}">`);
    expect(head).toMatch(/<meta property="og:title" content="[^"]+ · DoseHub">/);
    expect(head).toMatch(/<meta name="twitter:description" content="[^"]+">/);
    const description = /<meta name="description" content="([^"]+)"/.exec(head)?.[1];
    expect(description).not.toBe(/<meta name="description" content="([^"]+)"/.exec((await (await fetch(`${env.server.url}/login?lang=${language}`)).text()))?.[1]);
  });

  it.each(SUPPORTED_LANGUAGES)('in %s, the privacy notice (issue 30) is served pre-rendered: its heading, the legal basis of health data, the open sections of the encarregado, the processors and where data is stored, and its head tags', async (language) => {
    const texts = JSON.parse(fs.readFileSync(`locales/${language}/privacy.json`, 'utf8')) as { notice: Record<string, string>; facts: { dpo: string; kind: { mail: string; payments: string; storage: string } }; meta: { description: string } };
    const html = await (await fetch(`${env.server.url}/privacy?lang=${language}`)).text();
    const [head = '', body = ''] = html.split('</head>');
    const { origin } = new URL(/<link rel="canonical" href="([^"]+)">/.exec(head)?.[1] ?? 'http://missing.invalid');
    const address = (lng: string) => (lng === 'pt-BR' ? `${origin}/privacy` : `${origin}/privacy?lang=${lng}`);
    expect(body).toMatch(new RegExp(`<h1[^>]*>${texts.notice.title}</h1>`));
    expect(body).toContain('11, II, f');
    for (const title of [texts.notice.dpoTitle, texts.notice.processorsTitle, texts.notice.storageTitle]) expect(body).toMatch(new RegExp(`<h2[^>]*>${escapeRegExp(title!)}</h2>`));
    for (const label of [texts.facts.dpo, texts.facts.kind.mail, texts.facts.kind.payments, texts.facts.kind.storage]) expect(body).toContain(`>${label}</dt>`);
    expect(body, 'nothing the law requires shown is folded away').not.toContain('<details');
    expect(head).toContain(`<title>${texts.notice.title} · DoseHub</title>`);
    expect(head).toContain(`<meta name="description" content="${texts.meta.description}"`);
    expect(head).toContain(`<link rel="canonical" href="${address(language)}">`);
    for (const lng of [...SUPPORTED_LANGUAGES, 'x-default']) expect(head).toContain(`<link rel="alternate" hreflang="${lng}" href="${address(lng === 'x-default' ? 'pt-BR' : lng)}">`);
  });

  it('the privacy notice shows the encarregado, the processors and where files are stored openly, from the running configuration', async () => {
    const texts = JSON.parse(fs.readFileSync('locales/en-US/privacy.json', 'utf8')) as { facts: { ownServer: string; kind: { storage: string } } };
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/privacy?lang=en-US`);
    const email = page.getByRole('link', { name: 'privacidade@dosehub.example' });
    await email.waitFor({ timeout: APP_START_MS });
    expect(await email.isVisible()).toBe(true);
    expect(await page.getByText('Encarregado Exemplo').isVisible()).toBe(true);
    const storage = page.locator('dl > div').filter({ has: page.getByText(texts.facts.kind.storage, { exact: true }) });
    expect(await storage.getByText(texts.facts.ownServer).isVisible()).toBe(true);
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it('without JavaScript the visitor already sees the page, in the language of the cookie, and cannot type into it yet', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    for (const language of SUPPORTED_LANGUAGES) {
      await context.addCookies([{ name: 'product-language', value: language, url: env.server.url }]);
      await page.goto(`${env.server.url}/login`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(LOGIN_TITLE[language]);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      expect(await page.locator('#root > [inert] input[type="email"]').count()).toBe(1);
    }
    await context.close();
  });

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('on %s, the app takes every pre-rendered page over in place: same layout, one main landmark, every image sized, no errors', async (_, viewport) => {
    const still = await env.browser.newContext({ javaScriptEnabled: false, viewport });
    // Without the service worker, which would answer the later visits from its cached shell (not pre-rendered).
    const live = await env.browser.newContext({ viewport, serviceWorkers: 'block' });
    const stillPage = await still.newPage();
    const page = await openPage(live);
    for (const pagePath of PRERENDERED_PATHS) {
      await stillPage.goto(`${env.server.url}${pagePath}`);
      const before = await stillPage.getByRole('heading', { level: 1 }).boundingBox();
      const mainBefore = await stillPage.locator('main').boundingBox();
      const response = await page.goto(`${env.server.url}${pagePath}`);
      const served = (await response?.text()) ?? '';
      expect(served).toContain('<div inert>');
      expect([pagePath, imagesWithoutSize(served)]).toEqual([pagePath, []]);
      await startAppByPointer(page);
      await expect.poll(() => page.locator('main').count()).toBe(1);
      expect([pagePath, await page.getByRole('heading', { level: 1 }).boundingBox()]).toEqual([pagePath, before]);
      expect([pagePath, await page.locator('main').boundingBox()]).toEqual([pagePath, mainBefore]);
      expect([pagePath, imagesWithoutSize(await page.content())]).toEqual([pagePath, []]);
    }
    // Blocking workers makes their registration fail; nothing else may.
    expect(page.problems.filter((problem) => !problem.startsWith('Service worker registration failed'))).toEqual([]);
    await still.close();
    await live.close();
  });

  it.each(['/', '/plans'])('%s, a page to read, runs no app code while the visitor only reads: its code is fetched after the load, and the first pointer move starts the app', async (pagePath) => {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    const page = await openPage(context);
    const response = await page.goto(`${env.server.url}${pagePath}`);
    const entry = /data-entry="([^"]+)"/.exec((await response?.text()) ?? '')?.[1] ?? 'no entry named';
    const fetched = () => page.evaluate((name) => performance.getEntriesByType('resource').some((resource) => resource.name.endsWith(name)), entry);
    await expect.poll(fetched).toBe(true);
    await page.waitForTimeout(1_000);
    // The app registers the service worker as it starts: none yet, and the page is still the pre-rendered one.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await page.locator('#root > [inert]').count()).toBe(1);

    await page.mouse.move(200, 200);
    await expect.poll(() => page.locator('[inert]').count(), { timeout: APP_START_MS }).toBe(0);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it('on /login, a page whose first screen is a form, the app takes over after the paint without any interaction (the form works even if the network drops before a touch)', async () => {
    const context = await env.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/login`);
    await expect.poll(() => page.locator('[inert]').count(), { timeout: APP_START_MS }).toBe(0);
    await page.getByLabel('E-mail').fill('nobody@example.com');
    expect(await page.getByLabel('E-mail').inputValue()).toBe('nobody@example.com');
    await context.close();
  });

  it('on /, a tap on a link of the still pre-rendered page starts the app and is not lost: the app follows the link', async () => {
    const context = await env.browser.newContext({ viewport: DESKTOP, hasTouch: true });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/`);
    const link = page.locator('#root > [inert]').getByRole('banner').getByRole('link', { name: 'Serviços', exact: true });
    const box = (await link.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(`${env.server.url}/services`, { timeout: APP_START_MS });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('[inert]').count()).toBe(0);
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it('once the app has taken over, the login form works and a refused login keeps what was typed', async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/login`);
    await expect.poll(() => page.locator('[inert]').count(), { timeout: APP_START_MS }).toBe(0);
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByLabel(/^Senha( \*)?$/).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe('nobody@example.com');
    await context.close();
  });

  it('each screen names the tab: the pre-rendered title first, then the one of each screen the app shows', async () => {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    const page = await openPage(context);
    const response = await page.goto(`${env.server.url}/login`);
    expect(await response?.text()).toContain('<title>Entrar · DoseHub</title>');
    await expect.poll(() => page.locator('[inert]').count(), { timeout: APP_START_MS }).toBe(0);
    expect(await page.title()).toBe('Entrar · DoseHub');
    await page.getByRole('banner').getByRole('link', { name: 'Serviços', exact: true }).click();
    await expect.poll(() => page.title()).toBe('Serviços · DoseHub');
    await page.goto(`${env.server.url}/nao-existe`);
    await expect.poll(() => page.title()).toBe('Página não encontrada! · DoseHub');
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it('the language chosen in the app is the one the server pre-renders next', async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/`);
    await page.getByTestId('language-select').selectOption('es');
    await page.getByRole('heading', { level: 1, name: 'Dosimetría personalizada, donde esté' }).waitFor();

    const html = await (await context.request.get(`${env.server.url}/login`)).text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(`>${LOGIN_TITLE.es}</h1>`);
    expect(html).toContain('<meta name="description" content="DoseHub: dosimetría clínica y preclínica, segmentación y radiosinoviortesis."/>');
    await context.close();
  });
});

describe("the service worker's shell (returning visitors, offline)", () => {
  it('starts in the chosen language: its start-up texts are preloaded in that language', async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByTestId('language-select').selectOption('es');
    await page.getByRole('heading', { level: 1, name: 'Dosimetría personalizada, donde esté' }).waitFor();

    await context.setOffline(true);
    await page.goto(`${env.server.url}/login`);
    await page.getByRole('heading', { level: 1, name: LOGIN_TITLE.es }).waitFor();
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel="preload"][as="fetch"]')].map((link) => link.getAttribute('href')));
    expect(preloaded).toContain('/locales/es/common.json');
    expect(preloaded).toContain('/locales/es/auth.json');
    expect(preloaded.filter((href) => !href?.startsWith('/locales/es/'))).toEqual([]);
    expect(page.problems).toEqual([]);
    await context.close();
  });
});
