import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { confirmedUser, createCalibrationViaApi, loginThroughUi } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { cal: read('calibrations'), auth: read('auth'), notifications: read('notifications') };

let server: RunningServer;
let smtp: SmtpCapture;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  [server, browser] = await Promise.all([startServer(undefined, { SMTP_URL: smtp.url }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

describe('reloading offline, in Chromium against the real server', () => {
  it('shows the calibrations and notifications seen before, from the service worker and IndexedDB', async () => {
    const user = await confirmedUser(server.url, smtp, 'reload@hospital.example');
    await createCalibrationViaApi(server.url, user, 'Vista Antes');

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await loginThroughUi(page, server.url, user, t.auth.login.submit);
    await page.goto(`${server.url}/dashboard/my-calibrations`);
    await page.getByRole('article', { name: 'Vista Antes' }).waitFor();
    await page.goto(`${server.url}/dashboard/notifications`);
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
    await page.goto(`${server.url}/dashboard/my-calibrations`);
    await page.getByRole('article', { name: 'Vista Antes' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await context.close();
  });
});
