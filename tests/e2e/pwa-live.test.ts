import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Worker } from 'playwright-core';
import { startPushService, type PushService } from '#tests/utils/push-service.ts';
import { confirmedUser, createCalibrationViaApi, loginThroughUi, type ApiUser } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const pt = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { auth: pt('auth'), server: pt('server') };

// The loopback push service speaks plain HTTP; production endpoints must be https.
const env = useE2eEnvironment({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService?.close());

async function signedInTab(context: BrowserContext, user: ApiUser) {
  const page = await openPage(context);
  await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return page;
}

/** The registration id Chromium gives our service worker (for DevTools' push delivery). */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === scope && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
}

/**
 * Records the badge calls of the service worker (headless Chromium has no icon to badge), and what became of each
 * notification it showed or message it posted to a tab instead (so a failure says which way the push went).
 */
function recordBadges(worker: Worker) {
  return worker.evaluate(() => {
    const scope = self as unknown as ServiceWorkerGlobalScope & { badges: number[]; pushed: string[] };
    scope.badges = [];
    scope.pushed = [];
    const proto = Object.getPrototypeOf(navigator) as { setAppBadge: (n: number) => Promise<void>; clearAppBadge: () => Promise<void> };
    proto.setAppBadge = (count: number) => (scope.badges.push(count), Promise.resolve());
    proto.clearAppBadge = () => (scope.badges.push(0), Promise.resolve());
    const registration = scope.registration;
    const show = registration.showNotification.bind(registration);
    registration.showNotification = (title, options) =>
      show(title, options).then(
        () => void scope.pushed.push(`shown: ${title}`),
        (error: Error) => (scope.pushed.push(`showNotification failed: ${error.message}`), Promise.reject(error)),
      );
    const clientProto = Client.prototype as { postMessage: (message: unknown) => void };
    const post = clientProto.postMessage;
    clientProto.postMessage = function (this: Client, message: unknown) {
      scope.pushed.push(`posted to the ${this.url} tab instead`);
      return post.call(this, message);
    };
  });
}

describe('live notifications (Chromium, real server)', () => {
  it('a notification created on another device reaches the open tab within 2 s, without a reload', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'live@hospital.example');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signedInTab(context, user);
    await page.getByRole('banner').getByRole('link', { name: 'Notificações', exact: true }).waitFor();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const started = Date.now();
    await createCalibrationViaApi(env.server.url, user, 'Fantoma ao vivo');
    await page.getByRole('banner').getByRole('link', { name: 'Notificações: 1 não lida' }).waitFor({ timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.close();
  });

  it('with the tab closed, the server pushes; the service worker shows it in the user language and badges the app', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'push@hospital.example');
    const subscribed = await fetch(`${env.server.url}/api/v1/users/${user.id}/push-subscriptions/`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(pushService.subscribe('clinic-pc')),
    });
    expect(subscribed.status).toBe(201);

    const context = await env.browser.newContext({ permissions: ['notifications'] });
    const page = await signedInTab(context, user);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await recordBadges(worker);
    const devtools = await context.newCDPSession(await context.newPage());
    const registration = await registrationId(devtools, `${env.server.url}/`);
    await page.close();

    await createCalibrationViaApi(env.server.url, user, 'Fantoma 1');
    await createCalibrationViaApi(env.server.url, user, 'Fantoma 2');
    const pushes = await pushService.waitFor(2, { name: 'clinic-pc', timeoutMs: 10_000 });
    const last = pushes.at(-1)!.payload;
    expect(last).toMatchObject({ unread: 2, url: '/dashboard/notifications', lang: 'pt-BR' });

    await devtools.send('ServiceWorker.deliverPushMessage', { origin: env.server.url, registrationId: registration, data: JSON.stringify(last) });
    // The worker handles the push in its own time (seconds on a loaded machine): the polls wait up to 10 s.
    await expect.poll(() => worker.evaluate(() => (self as unknown as { badges: number[] }).badges), { timeout: 10_000 }).toEqual([2]);
    const shown = () =>
      worker.evaluate(() =>
        (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications().then((list) => list.map((n) => ({ title: n.title, body: n.body }))),
      );
    await expect.poll(() => worker.evaluate(() => (self as unknown as { pushed: string[] }).pushed), { timeout: 10_000 }).toEqual([`shown: ${last.title}`]);
    expect(await shown()).toEqual([{ title: last.title, body: last.body }]);
    expect(String(last.body)).toContain('Fantoma 2');
    await context.close();
  });
});
