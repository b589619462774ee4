// Web Push delivery: each notification created by this process is pushed once to each of its user's
// subscriptions (encrypted, VAPID-signed, in the user's stored language), in the background; the push
// service's answers drive what happens to the subscription (docs/reference/backend-notes.md §4.2).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '#server/services/notifications.ts';
import { registerUser, verifyEmail, type SignedInUser } from '#tests/utils/accounts.ts';
import { createCalibration, listNotifications, toggleCheck, verifiedUser } from '#tests/utils/calibrations.ts';
import { VAPID_KEY_URL, createLiveTestApp, pushRows, registerPush, within, type LiveTestApp } from '#tests/utils/live.ts';
import { startPushService, type PushService } from '#tests/utils/push-service.ts';

/** The test app's cap on every wait before a retry (createLiveTestApp). */
const RETRY_CAP_MS = 300;

let t: LiveTestApp;
let pushService: PushService;
let publicKey: string;
beforeAll(async () => {
  t = await createLiveTestApp();
  pushService = await startPushService();
  publicKey = (await t.app.inject({ url: VAPID_KEY_URL })).json<{ publicKey: string }>().publicKey;
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});
afterEach(() => t.app.push.pusher.idle());

let sequence = 0;
const subscriber = (label: string) => `${label}-${++sequence}`;

/** A verified user whose stored language is `language` (the one they registered in). */
async function userSpeaking(language: string): Promise<SignedInUser> {
  const user = await registerUser(t.app, {}, { headers: { 'accept-language': language } });
  await verifyEmail(t.app, t.smtp, user);
  return user;
}

/** Subscribes `user` with new browser subscriptions on the loopback push service; returns their names. */
async function subscribed(user: SignedInUser, ...labels: string[]): Promise<string[]> {
  const names = labels.map(subscriber);
  for (const name of names) await registerPush(t.app, user, pushService.subscribe(name));
  return names;
}

const pushesTo = (name: string) => pushService.received.filter((push) => push.subscriber === name);

describe('a new notification is pushed', () => {
  it('once to each subscription of its user, decrypted to the notification in the user\'s language, with TTL, urgency, topic and a valid VAPID JWT', async () => {
    const user = await userSpeaking('es');
    const bystander = await userSpeaking('pt-BR');
    const [laptop, phone] = await subscribed(user, 'laptop', 'phone');
    const [elsewhere] = await subscribed(bystander, 'elsewhere');

    // The request's language is not the user's: the push speaks the stored one.
    await createCalibration(t.app, user, { calibrationName: 'Pulso' }, { acceptLanguage: 'en-US' });
    const [notification] = (await listNotifications(t.app, user)).row;
    await pushService.waitFor(2);
    await t.app.push.pusher.idle();

    expect(pushService.rejected).toEqual([]);
    expect([pushesTo(laptop!).length, pushesTo(phone!).length, pushesTo(elsewhere!).length]).toEqual([1, 1, 0]);
    const pushes = [...pushesTo(laptop!), ...pushesTo(phone!)];
    const expectedPayload = {
      id: notification!.id,
      title: 'DoseHub: nueva notificación',
      body: 'Calibración "Pulso" registrada.',
      kind: 'success',
      url: '/dashboard/notifications',
      unread: 1,
      lang: 'es',
    };
    for (const push of pushes) {
      expect(push.payload).toEqual(expectedPayload);
      expect(push.headers).toEqual({ ttl: '86400', urgency: 'normal', topic: notification!.id.replaceAll('-', ''), contentEncoding: 'aes128gcm' });
      const { aud, exp, sub } = push.vapid.claims;
      expect({ aud, sub, k: push.vapid.publicKey, alg: push.vapid.alg }).toEqual({ aud: pushService.origin, sub: 'mailto:staff@dosehub.test', k: publicKey, alg: 'ES256' });
      expect(exp! * 1000).toBeGreaterThan(Date.now());
      expect(exp! * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    }
    const rows = await pushRows(t.app, { userId: user.id });
    expect(rows.map((row) => [row.failures, row.lastSuccessAt instanceof Date])).toEqual([
      [0, true],
      [0, true],
    ]);
  });

  it('in Portuguese for a pt-BR user, with the unread count at that moment', async () => {
    const user = await verifiedUser(t);
    const [browser] = await subscribed(user, 'browser');
    await notify(t.app.db, user.id, 'update', 'calibrationUpdated', { name: 'Antiga' });
    await pushService.waitFor(1, { name: browser });
    await createCalibration(t.app, user, { calibrationName: 'Nova' });
    const [, second] = await pushService.waitFor(2, { name: browser });
    expect(second!.payload).toMatchObject({ title: 'DoseHub: nova notificação', body: 'Calibração "Nova" cadastrada.', unread: 2, lang: 'pt-BR' });
  });

  it('only new notifications are pushed (a toggle is not)', async () => {
    const user = await verifiedUser(t);
    const [browser] = await subscribed(user, 'toggle');
    const created = await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Uma' });
    await pushService.waitFor(1, { name: browser });
    await toggleCheck(t.app, user, created.id, { checked: true });
    await t.app.push.pusher.idle();
    expect(pushesTo(browser!)).toHaveLength(1);
  });

  it('does not hold up the request that created the notification', async () => {
    const user = await verifiedUser(t);
    const [slow] = await subscribed(user, 'slow');
    pushService.answer(slow!, { status: 500 }, { status: 500 });
    await createCalibration(t.app, user);
    // The create answered while the push was still between its retries (two waits of RETRY_CAP_MS).
    expect(pushesTo(slow!).length).toBeLessThan(3);
    await within(pushService.waitFor(3, { name: slow }), 5000, 'the third try');
  });
});

describe('the push service\'s answer', () => {
  it('404 and 410: the subscription is gone, its row is deleted; others stay', async () => {
    const user = await verifiedUser(t);
    const [notFound, gone, fine] = await subscribed(user, 'not-found', 'gone', 'fine');
    pushService.answer(notFound!, { status: 404 });
    pushService.answer(gone!, { status: 410 });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'X' });
    // The push starts as the notification commits; idle() waits for it to finish.
    await t.app.push.pusher.idle();
    expect([pushesTo(notFound!).length, pushesTo(gone!).length, pushesTo(fine!).length]).toEqual([1, 1, 1]);
    expect((await pushRows(t.app, { userId: user.id })).map((row) => row.endpoint)).toEqual([`${pushService.origin}/push/${fine}`]);
  });

  it('429: retried once after Retry-After (capped), then delivered', async () => {
    const user = await verifiedUser(t);
    const [limited] = await subscribed(user, 'limited');
    pushService.answer(limited!, { status: 429, headers: { 'retry-after': '30' } });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Y' });
    const [first, second] = await pushService.waitFor(2, { name: limited });
    await t.app.push.pusher.idle();
    expect([first!.status, second!.status]).toEqual([429, 201]);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(RETRY_CAP_MS - 20);
    expect(second!.payload).toEqual(first!.payload);
    const [row] = await pushRows(t.app, { userId: user.id });
    expect(row!.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('429 twice: given up after the one retry, the row kept with a failure counted', async () => {
    const user = await verifiedUser(t);
    const [limited] = await subscribed(user, 'limited-twice');
    pushService.answer(limited!, { status: 429, headers: { 'retry-after': '0' } }, { status: 429, headers: { 'retry-after': '0' } });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Z' });
    await pushService.waitFor(2, { name: limited });
    await t.app.push.pusher.idle();
    expect(pushesTo(limited!).map((push) => push.status)).toEqual([429, 429]);
    expect((await pushRows(t.app, { userId: user.id })).map((row) => [row.failures, row.lastSuccessAt])).toEqual([[1, null]]);
  });

  it('5xx: three tries in all, then given up; a later success resets the failures', async () => {
    const user = await verifiedUser(t);
    const [flaky] = await subscribed(user, 'flaky');
    pushService.answer(flaky!, { status: 500 }, { status: 502 }, { status: 503 });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'A' });
    await pushService.waitFor(3, { name: flaky });
    await t.app.push.pusher.idle();
    expect(pushesTo(flaky!).map((push) => push.status)).toEqual([500, 502, 503]);
    expect((await pushRows(t.app, { userId: user.id }))[0]!.failures).toBe(1);

    pushService.answer(flaky!, { status: 503 });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'B' });
    await pushService.waitFor(5, { name: flaky });
    await t.app.push.pusher.idle();
    expect(pushesTo(flaky!).map((push) => push.status)).toEqual([500, 502, 503, 503, 201]);
    expect((await pushRows(t.app, { userId: user.id }))[0]!.failures).toBe(0);
  });

  it.each([401, 403, 413])('%i: not retried, the row kept with a failure counted', async (status) => {
    const user = await verifiedUser(t);
    const [refused] = await subscribed(user, `refused-${status}`);
    pushService.answer(refused!, { status });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'C' });
    await pushService.waitFor(1, { name: refused });
    await t.app.push.pusher.idle();
    expect(pushesTo(refused!).map((push) => push.status)).toEqual([status]);
    expect((await pushRows(t.app, { userId: user.id })).map((row) => row.failures)).toEqual([1]);
  });
});

describe('shutdown', () => {
  it('app.close() does not wait out a push\'s Retry-After', async () => {
    const own = await createLiveTestApp({ pushRetryMaxDelayMs: 60_000 });
    const user = await verifiedUser(own);
    const name = subscriber('closing');
    await registerPush(own.app, user, pushService.subscribe(name));
    pushService.answer(name, { status: 429, headers: { 'retry-after': '60' } });
    await notify(own.app.db, user.id, 'success', 'calibrationCreated', { name: 'D' });
    await pushService.waitFor(1, { name });
    await within(own.close(), 5000, 'closing the app during a push\'s retry wait');
    expect(pushesTo(name)).toHaveLength(1);
  });
});
