import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { confirmedUser, createCalibrationViaApi, loginThroughUi } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { cal: read('calibrations'), auth: read('auth'), notifications: read('notifications'), pwa: read('pwa'), common: read('common'), catalog: read('catalog') };

const env = useE2eEnvironment();

describe('reloading offline, in Chromium against the real server', () => {
  it('shows the calibrations and notifications seen before, from the service worker and IndexedDB', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'reload@hospital.example');
    await createCalibrationViaApi(env.server.url, user, 'Vista Antes');

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
    await page.goto(`${env.server.url}/dashboard/my-calibrations`);
    await page.getByRole('article', { name: 'Vista Antes' }).waitFor();
    await page.goto(`${env.server.url}/dashboard/notifications`);
    await page.getByText('Calibração "Vista Antes" cadastrada.').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Calibração "Vista Antes" cadastrada.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Notificações: 1 não lida' }).waitFor();
    await page.getByRole('link', { name: t.cal.title }).first().click();
    await page.getByRole('article', { name: 'Vista Antes' }).waitFor();
    await page.goto(`${env.server.url}/dashboard/my-calibrations`);
    await page.getByRole('article', { name: 'Vista Antes' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await context.close();
  });

  it('opens a screen never seen before offline and says it needs the network, instead of spinning', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'never-seen@hospital.example');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await context.setOffline(true);
    await page.reload();
    // The plans are the app's own catalog; the checkout needs the plan from the server, never fetched yet.
    await page.getByRole('banner').getByRole('link', { name: t.common.nav.plans, exact: true }).click();
    await page.getByRole('link', { name: t.common.plan.subscribeTo.replace('{{plan}}', t.catalog.plans.yearly.title) }).click();
    await page.getByRole('status').filter({ hasText: t.pwa.offline.title }).waitFor({ timeout: 5_000 });
    expect(await page.getByRole('main').getByRole('status', { name: /carregando/i }).count()).toBe(0);
    await context.close();
  });
});
