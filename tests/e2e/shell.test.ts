import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function freshPage(viewport = { width: 1280, height: 800 }) {
  context = await browser.newContext({ viewport, locale: 'en-US' });
  return openPage(context);
}

const NAV = {
  'pt-BR': ['Início', 'Serviços', 'Planos', 'Artigos', 'Contato', 'Sobre', 'Blog', 'Entrar', 'Cadastrar'],
  'en-US': ['Home', 'Services', 'Plans', 'Articles', 'Contact', 'About', 'Blog', 'Log in', 'Sign up'],
  es: ['Inicio', 'Servicios', 'Planes', 'Artículos', 'Contacto', 'Acerca de', 'Blog', 'Iniciar sesión', 'Registrarse'],
} as const;

describe('the public shell in Chromium against the real server', () => {
  it('opens in pt-BR by default, even for an English browser', async () => {
    const page = await freshPage();
    await page.goto(server.url);
    const header = page.locator('header');
    for (const label of NAV['pt-BR']) await expect.poll(() => header.getByText(label, { exact: true }).count()).toBe(1);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it('switches every visible text to en-US and es, and keeps the choice across a reload', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/services`);
    await page.getByTestId('service-dosi-clin').waitFor();
    const ptText = await page.locator('body').innerText();

    await page.getByTestId('language-select').selectOption('en-US');
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    await page.getByText('Clinical Dosimetry').first().waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    expect(await page.evaluate(() => localStorage.getItem('product-language'))).toBe('en-US');
    const enText = await page.locator('body').innerText();
    for (const label of NAV['en-US']) expect(enText).toContain(label);
    // No pt-BR sentence survives the switch (words shared by both languages, like "Blog", are not sentences).
    const ptLines = ptText.split('\n').filter((line) => line.trim().split(' ').length > 2);
    for (const line of ptLines) expect(enText).not.toContain(line);

    await page.reload();
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');

    await page.getByTestId('language-select').selectOption('es');
    await page.getByRole('heading', { name: 'Servicios', level: 1 }).waitFor();
    await page.getByText('Dosimetría Clínica').first().waitFor();
    const esText = await page.locator('body').innerText();
    for (const label of NAV.es) expect(esText).toContain(label);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/qualquer-coisa`);
    await page.getByRole('heading', { name: 'Página não encontrada!' }).waitFor();
    await page
      .getByText("Desculpe pelo transtorno, mas o link que você clicou está 'quebrado' ou não existe mais.")
      .waitFor();
    const image = page.locator('img[src="/images/not-found.svg"]');
    // The image loads after the text it stands beside: wait for it, then require that it drew.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it("lists the catalog's plans with USD prices in the language's own format (issues 16, 27)", async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/plans`);
    const yearly = page.getByTestId('plan-yearly');
    await yearly.waitFor();
    expect(await yearly.innerText()).toContain('US$\u00a0220,00');
    expect(await yearly.innerText()).toContain('Calculadora de radiosinoviortese');
    await context.close();
  });

  it('scrolls to the top on a route change, and the footer links to the FAQ and the terms PDF', async () => {
    const page = await freshPage({ width: 1280, height: 500 });
    await page.goto(`${server.url}/services`);
    await page.getByTestId('service-model-comp').waitFor();
    // Scrolled down once the page has its height (the router may still restore the top right after the first paint).
    await expect
      .poll(() => page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY)))
      .toBeGreaterThan(0);

    const terms = page.getByRole('link', { name: 'Termos de uso' });
    expect(await terms.getAttribute('target')).toBe('_blank');
    const termsHref = await terms.getAttribute('href');
    expect(termsHref).toBe('/terms/termos-de-uso.pdf');
    const pdf = await page.request.get(`${server.url}${termsHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    await page.getByRole('link', { name: 'Perguntas frequentes' }).click();
    await page.getByRole('heading', { name: 'Perguntas frequentes', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it('offers the navigation behind a menu button on a phone', async () => {
    const page = await freshPage({ width: 375, height: 740 });
    await page.goto(server.url);
    const menu = page.getByRole('button', { name: 'Abrir menu' });
    await menu.click();
    await page.getByRole('navigation').getByRole('link', { name: 'Planos' }).click();
    await page.getByRole('heading', { name: 'Planos', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.url}/plans`);
    await context.close();
  });

  it('answers the API under the same origin', async () => {
    const page = await freshPage();
    const health = await page.request.get(`${server.url}/api/v1/health/`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const isotopes = await page.request.get(`${server.url}/api/v1/isotopes/?q=radiosyno`);
    expect((await isotopes.json()).count).toBe(6);
    await context.close();
  });
});
