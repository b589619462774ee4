import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { apiList, confirmedUser, createCalibrationViaApi, loginThroughUi, type ApiUser } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const t = {
  notifications: JSON.parse(fs.readFileSync('locales/pt-BR/notifications.json', 'utf8')),
  auth: JSON.parse(fs.readFileSync('locales/pt-BR/auth.json', 'utf8')),
  sync: JSON.parse(fs.readFileSync('locales/pt-BR/sync.json', 'utf8')),
};

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

const unreadOnServer = async (user: ApiUser) => (await apiList(server.url, user, 'notifications/?checked=false')).count;

describe('notifications offline, in Chromium against the real server', () => {
  it('are dismissed offline, survive closing the tab, and reach the server exactly once when back online', async () => {
    const email = 'offline@hospital.example';
    const user = await confirmedUser(server.url, smtp, email);
    for (const name of ['Fantoma A', 'Fantoma B', 'Fantoma C']) await createCalibrationViaApi(server.url, user, name);
    expect(await unreadOnServer(user)).toBe(3);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await loginThroughUi(page, server.url, user, t.auth.login.submit);
    await page.goto(`${server.url}/dashboard/notifications`);
    const bell = page.getByRole('banner').getByRole('link', { name: 'Notificações: 3 não lidas' });
    await bell.waitFor();

    await context.setOffline(true);
    const dismiss = page.getByRole('button', { name: t.notifications.markRead });
    await expect.poll(() => dismiss.count()).toBe(3);
    await dismiss.first().click();
    await expect.poll(() => dismiss.count()).toBe(2);
    await dismiss.first().click();
    await page.getByRole('banner').getByRole('link', { name: 'Notificações: 1 não lida' }).waitFor();
    await page.getByText('2 pendentes').waitFor();
    expect(await unreadOnServer(user)).toBe(3);

    // The tab closes while offline; the writes wait in IndexedDB.
    await page.close();
    await context.setOffline(false);

    const reopened = await openPage(context);
    await reopened.goto(`${server.url}/dashboard/notifications`);
    await expect.poll(() => unreadOnServer(user), { timeout: 15_000 }).toBe(1);
    await reopened.getByRole('banner').getByRole('link', { name: 'Notificações: 1 não lida' }).waitFor();
    await expect.poll(() => reopened.getByText(/pendentes?$/).count()).toBe(0);
    await context.close();
  });
});
