import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiList, confirmedUser, createCalibrationViaApi, loginThroughUi, type ApiUser } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const t = {
  notifications: JSON.parse(fs.readFileSync('locales/pt-BR/notifications.json', 'utf8')),
  auth: JSON.parse(fs.readFileSync('locales/pt-BR/auth.json', 'utf8')),
  sync: JSON.parse(fs.readFileSync('locales/pt-BR/sync.json', 'utf8')),
};

const env = useE2eEnvironment();

const unreadOnServer = async (user: ApiUser) => (await apiList(env.server.url, user, 'notifications/?checked=false')).count;

describe('notifications offline, in Chromium against the real server', () => {
  it('are dismissed offline, survive closing the tab, and reach the server exactly once when back online', async () => {
    const email = 'offline@hospital.example';
    const user = await confirmedUser(env.server.url, env.smtp, email);
    for (const name of ['Fantoma A', 'Fantoma B', 'Fantoma C']) await createCalibrationViaApi(env.server.url, user, name);
    expect(await unreadOnServer(user)).toBe(3);

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
    await page.goto(`${env.server.url}/dashboard/notifications`);
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
    await reopened.goto(`${env.server.url}/dashboard/notifications`);
    await expect.poll(() => unreadOnServer(user), { timeout: 15_000 }).toBe(1);
    await reopened.getByRole('banner').getByRole('link', { name: 'Notificações: 1 não lida' }).waitFor();
    await expect.poll(() => reopened.getByText(/pendentes?$/).count()).toBe(0);
    await context.close();
  });
});
