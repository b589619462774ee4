import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { linkFrom, mailTo, startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const t = {
  notifications: JSON.parse(fs.readFileSync('locales/pt-BR/notifications.json', 'utf8')),
  auth: JSON.parse(fs.readFileSync('locales/pt-BR/auth.json', 'utf8')),
  sync: JSON.parse(fs.readFileSync('locales/pt-BR/sync.json', 'utf8')),
};
const PASSWORD = 'Cintilografia#2026';

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

/** A confirmed account made through the API, with its session cookie for checking the server's side. */
async function confirmedUser(email: string) {
  const response = await fetch(`${server.url}/api/v1/users/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rita Moraes', email, confirmedEmail: email, password1: PASSWORD, password2: PASSWORD, acceptTerms: true }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const link = linkFrom(await smtp.waitForMessage(mailTo(email), 10_000), 'email-confirm');
  const token = new URL(link).searchParams.get('token');
  const verified = await fetch(`${server.url}/api/v1/users/${id}/email/verify/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(verified.status).toBe(200);
  return { id, cookie };
}

/** Three calibrations made "on another device" through the API: three notifications. */
async function createCalibrations(user: { id: string; cookie: string }) {
  for (const name of ['Fantoma A', 'Fantoma B', 'Fantoma C']) {
    const form = new FormData();
    const fields = { id: crypto.randomUUID(), isotope: 'Lu-177', calibrationName: name, syringeActivity: '50', residualSyringeActivity: '1', measurementDatetime: '2026-11-20T10:00:00Z', phantomVolume: '200', acquisitionTime: '1800' };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('images', new Blob([new Uint8Array(1024)], { type: 'application/zip' }), 'phantom.zip');
    const response = await fetch(`${server.url}/api/v1/users/${user.id}/calibrations/`, { method: 'POST', headers: { cookie: user.cookie }, body: form });
    expect(response.status).toBe(201);
  }
}

async function unreadOnServer(user: { id: string; cookie: string }) {
  const response = await fetch(`${server.url}/api/v1/users/${user.id}/notifications/?checked=false`, { headers: { cookie: user.cookie } });
  return ((await response.json()) as { count: number }).count;
}

describe('notifications offline, in Chromium against the real server', () => {
  it('are dismissed offline, survive closing the tab, and reach the server exactly once when back online', async () => {
    const email = 'offline@hospital.example';
    const user = await confirmedUser(email);
    await createCalibrations(user);
    expect(await unreadOnServer(user)).toBe(3);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await page.goto(`${server.url}/login`);
    await page.getByLabel(/^E-mail( \*)?$/).fill(email);
    await page.getByLabel(/^Senha( \*)?$/).fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
    await page.waitForURL(`${server.url}/dashboard/profile`);
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
