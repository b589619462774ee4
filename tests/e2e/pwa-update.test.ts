import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { apiList, confirmedUser, createCalibrationViaApi, loginThroughUi } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { buildClient, copyBuild, entryScript, freePort } from './support/deploy.ts';
import { startServer, tempDataDir, type RunningServer } from './support/server.ts';

const pt = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { auth: pt('auth'), pwa: pt('pwa'), notifications: pt('notifications') };

let smtp: SmtpCapture;
let browser: Browser;
let server: RunningServer | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-deploy-'));
const dataDir = tempDataDir();

beforeAll(async () => {
  [smtp, browser] = await Promise.all([startSmtpCapture(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const serve = async (distDir: string, port: number) =>
  (server = await startServer(dataDir, { DIST_DIR: distDir, PORT: String(port), SMTP_URL: smtp.url }));

describe('a deploy while a tab is open (Chromium, real server restarted with a new build)', () => {
  it('offers the new version; accepting reloads into it with no chunk error, and a queued write survives and is sent once', async () => {
    const port = await freePort();
    const oldBuild = copyBuild(path.join(work, 'old'));
    const newBuild = buildClient(path.join(work, 'new'));
    let running = await serve(oldBuild, port);
    const user = await confirmedUser(running.url, smtp, 'deploy@hospital.example');
    for (const name of ['Fantoma 1', 'Fantoma 2']) await createCalibrationViaApi(running.url, user, name);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await loginThroughUi(page, running.url, user, t.auth.login.submit);
    await page.goto(`${running.url}/dashboard/notifications`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // A dismissal that cannot reach the server yet: it waits in the outbox.
    await page.route('**/toogle_check/', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: t.notifications.markRead }).first().click();
    await page.getByText('1 pendente').waitFor();

    // Deploy: the server restarts on the same origin with the new build.
    await running.stop();
    running = await serve(await newBuild, port);
    expect(entryScript(path.join(work, 'new'))).not.toBe(entryScript(oldBuild));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    const banner = page.getByRole('status').filter({ hasText: t.pwa.update.title });
    await banner.waitFor({ timeout: 30_000 });
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: t.pwa.update.reload }).click()]);

    await page.getByRole('heading', { name: t.notifications.title }).waitFor();
    const loadedEntry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"]')?.getAttribute('src'));
    expect(loadedEntry).toBe(entryScript(path.join(work, 'new')));
    await page.getByText('1 pendente').waitFor();
    expect(await banner.count()).toBe(0);

    await page.unroute('**/toogle_check/');
    // The drainer tries again on its own (backoff timer, focus, online): the write leaves the outbox once.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await apiList(running.url, user, 'notifications/?checked=false')).count, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByText(/pendentes?$/).count()).toBe(0);
    const problems = page.problems.filter((p) => !/net::ERR_CONNECTION_RESET|Failed to load resource|Failed to fetch/.test(p));
    expect(problems).toEqual([]);
    await context.close();
    // A production build in a child process (with its pre-rendering) and two server starts: ~30 s on an idle
    // 2-core machine, twice that under CI's load.
  }, 240_000);
});
