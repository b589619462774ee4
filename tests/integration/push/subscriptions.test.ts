// Web Push subscriptions (docs/api.md additions): the public VAPID key, POST/DELETE
// /users/{uid}/push-subscriptions/ for the owner only, upserted by endpoint, https only, and removed with
// the session that registered them.
import { randomBytes, createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { API, PASSWORD, expectStatus, latestLinkTo, login, uniqueIp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createMailingTestApp, type MailingTestApp } from '#tests/utils/accounts.ts';
import { VAPID_KEY_URL, pushRows, pushSubscriptionsUrl, registerPush, subscribePush, unsubscribePush } from '#tests/utils/live.ts';

let t: MailingTestApp;
beforeAll(async () => {
  // Production settings: only https endpoints.
  t = await createMailingTestApp();
});
afterAll(() => t?.close());

let sequence = 0;
/**
 * A browser-like subscription to an https push service (nothing is sent to it in this file). Its host is
 * a public IP address: the test machine resolves no names, and the server refuses what it cannot resolve.
 */
function browserSubscription(host = '142.250.79.10') {
  sequence += 1;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://${host}/wpush/v2/${sequence}-${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('GET /push/vapid-public-key/', () => {
  it('is public and gives a P-256 public key (65 bytes, uncompressed), the same on every call', async () => {
    const first = await t.app.inject({ url: VAPID_KEY_URL });
    expectStatus(first, 200);
    const { publicKey } = first.json<{ publicKey: string }>();
    const bytes = Buffer.from(publicKey, 'base64url');
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect([bytes.length, bytes[0]]).toEqual([65, 0x04]);
    expect((await t.app.inject({ url: `${API}/push/vapid-public-key` })).json()).toEqual({ publicKey });
  });

  it('VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY replace the generated pair', async () => {
    const keys = webpush.generateVAPIDKeys();
    const own = await createMailingTestApp({ vapidKeys: keys });
    try {
      expect((await own.app.inject({ url: VAPID_KEY_URL })).json()).toEqual({ publicKey: keys.publicKey });
    } finally {
      await own.close();
    }
  });
});

describe('POST /users/{uid}/push-subscriptions/', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await verifiedUser(t);
  });

  it('stores a browser subscription → 201 with its id', async () => {
    const subscription = browserSubscription();
    const response = await subscribePush(t.app, user, subscription);
    expectStatus(response, 201);
    const { id } = response.json<{ id: string }>();
    const rows = await pushRows(t.app, { endpoint: subscription.endpoint });
    expect(rows).toEqual([
      expect.objectContaining({ id, userId: user.id, endpoint: subscription.endpoint, ...subscription.keys, lastSuccessAt: null, failures: 0 }),
    ]);
  });

  it('refuses http: endpoints (no pushes to internal HTTP services), naming the field, translated', async () => {
    const subscription = { ...browserSubscription(), endpoint: 'http://10.0.0.5:8080/internal' };
    const portuguese = await subscribePush(t.app, user, subscription);
    expectStatus(portuguese, 400);
    expect(portuguese.json()).toEqual({ errors: ['endpoint: O endereço do serviço de push precisa usar https.'] });
    const english = await subscribePush(t.app, user, subscription, { 'accept-language': 'en-US' });
    expect(english.json()).toEqual({ errors: ['endpoint: The push service address must use https.'] });
    const spanish = await subscribePush(t.app, user, subscription, { 'accept-language': 'es' });
    expect(spanish.json()).toEqual({ errors: ['endpoint: La dirección del servicio push debe usar https.'] });
    expect(await pushRows(t.app, { endpoint: subscription.endpoint })).toEqual([]);
  });

  it.each([
    ['no endpoint', { endpoint: undefined }, 'endpoint: This field is required.'],
    ['an endpoint that is no URL', { endpoint: 'push service' }, 'endpoint: Invalid format.'],
    ['another scheme', { endpoint: 'ftp://push.example.net/x' }, 'endpoint: Invalid format.'],
    ['no keys', { keys: undefined }, 'keys: This field is required.'],
    ['a short p256dh', { keys: { p256dh: 'BAAA', auth: randomBytes(16).toString('base64url') } }, 'keys.p256dh: Invalid format.'],
    ['an auth secret of 8 bytes', { keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: 'AAAAAAAAAAA' } }, 'keys.auth: Invalid format.'],
    ['keys that are not base64url', { keys: { p256dh: '*'.repeat(87), auth: randomBytes(16).toString('base64url') } }, 'keys.p256dh: Invalid format.'],
  ])('refuses %s (400, field named)', async (_case, change, message) => {
    const body = { ...browserSubscription(), ...change };
    const response = await subscribePush(t.app, user, body, { 'accept-language': 'en-US' });
    expectStatus(response, 400);
    expect(response.json<{ errors: string[] }>().errors).toContain(message);
  });

  it('registering the same endpoint again updates it: one row, same id, new keys', async () => {
    const subscription = browserSubscription();
    const id = await registerPush(t.app, user, subscription);
    const renewed = { ...browserSubscription(), endpoint: subscription.endpoint };
    expect(await registerPush(t.app, user, renewed)).toBe(id);
    const rows = await pushRows(t.app, { endpoint: subscription.endpoint });
    expect(rows.map((row) => [row.id, row.p256dh, row.auth])).toEqual([[id, renewed.keys.p256dh, renewed.keys.auth]]);
  });

  it('an endpoint registered by another user moves to the newest registration (one browser, one owner)', async () => {
    const first = await verifiedUser(t);
    const second = await verifiedUser(t);
    const subscription = browserSubscription();
    await registerPush(t.app, first, subscription);
    await registerPush(t.app, second, subscription);
    expect(await pushRows(t.app, { userId: first.id })).toEqual([]);
    expect((await pushRows(t.app, { userId: second.id })).map((row) => row.endpoint)).toEqual([subscription.endpoint]);
  });

  it('a replay with the same Idempotency-Key answers the stored 201 and stores nothing twice', async () => {
    const subscription = browserSubscription();
    const headers = { 'idempotency-key': `push-${randomBytes(8).toString('hex')}` };
    const first = await subscribePush(t.app, user, subscription, headers);
    const replay = await subscribePush(t.app, user, subscription, headers);
    expectStatus(first, 201);
    expectStatus(replay, 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await pushRows(t.app, { endpoint: subscription.endpoint })).toHaveLength(1);
  });

  it('only for the signed-in owner: anonymous 401, another uid 401, cross-site 403; nothing stored', async () => {
    const other = await verifiedUser(t);
    const subscription = browserSubscription();
    const anonymous = await t.app.inject({ method: 'POST', url: pushSubscriptionsUrl(user.id), payload: subscription });
    expectStatus(anonymous, 401);
    const intruder = await t.app.inject({ method: 'POST', url: pushSubscriptionsUrl(user.id), payload: subscription, headers: { cookie: other.cookies } });
    expectStatus(intruder, 401);
    expect(intruder.json()).toEqual({ errors: ['O token e o ID do usuário não correspondem.'] });
    expectStatus(await subscribePush(t.app, user, subscription, { 'sec-fetch-site': 'cross-site' }), 403);
    expect(await pushRows(t.app, { endpoint: subscription.endpoint })).toEqual([]);
  });
});

describe('push endpoints must be public internet addresses (no requests to this machine or internal networks)', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await verifiedUser(t);
  });

  it.each([
    'https://127.0.0.1/push',
    'https://localhost:8443/push',
    'https://10.20.30.40/push',
    'https://172.16.5.4/push',
    'https://192.168.0.10/push',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.1.1/push',
    'https://[::1]/push',
    'https://[fd12:3456::1]/push',
    'https://[fe80::1]/push',
    'https://[::ffff:192.168.1.1]/push',
    'https://0.0.0.0/push',
    'https://no-such-host.invalid/push',
  ])('refuses %s, naming the field, translated; stores nothing', async (endpoint) => {
    const subscription = { ...browserSubscription(), endpoint };
    const response = await subscribePush(t.app, user, subscription);
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: ['endpoint: O endereço do serviço de push precisa ser um endereço público da internet.'] });
    expect(await pushRows(t.app, { endpoint })).toEqual([]);
  });

  it('says so in English and Spanish too', async () => {
    const subscription = { ...browserSubscription(), endpoint: 'https://10.0.0.1/push' };
    expect((await subscribePush(t.app, user, subscription, { 'accept-language': 'en-US' })).json()).toEqual({
      errors: ['endpoint: The push service address must be a public internet address.'],
    });
    expect((await subscribePush(t.app, user, subscription, { 'accept-language': 'es' })).json()).toEqual({
      errors: ['endpoint: La dirección del servicio push debe ser una dirección pública de internet.'],
    });
  });
});

describe('DELETE /users/{uid}/push-subscriptions/', () => {
  it('removes the endpoint → 204, and again → 204', async () => {
    const user = await verifiedUser(t);
    const kept = browserSubscription();
    const removed = browserSubscription();
    await registerPush(t.app, user, kept);
    await registerPush(t.app, user, removed);
    expectStatus(await unsubscribePush(t.app, user, removed.endpoint), 204);
    expectStatus(await unsubscribePush(t.app, user, removed.endpoint), 204);
    expect((await pushRows(t.app, { userId: user.id })).map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });

  it('cannot remove another user\'s subscription (401 on their uid; on one\'s own uid it is not found, so kept)', async () => {
    const owner = await verifiedUser(t);
    const intruder = await verifiedUser(t);
    const subscription = browserSubscription();
    await registerPush(t.app, owner, subscription);
    const crossUid = await t.app.inject({
      method: 'DELETE',
      url: pushSubscriptionsUrl(owner.id),
      payload: { endpoint: subscription.endpoint },
      headers: { cookie: intruder.cookies },
    });
    expectStatus(crossUid, 401);
    expectStatus(await unsubscribePush(t.app, intruder, subscription.endpoint), 204);
    expect(await pushRows(t.app, { endpoint: subscription.endpoint })).toHaveLength(1);
  });

  it('needs an endpoint (400)', async () => {
    const user = await verifiedUser(t);
    const response = await t.app.inject({ method: 'DELETE', url: pushSubscriptionsUrl(user.id), payload: {}, headers: { cookie: user.cookies } });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: ['endpoint: Este campo é obrigatório.'] });
  });
});

describe('subscriptions end with their session', () => {
  const logout = (user: SignedInUser) =>
    t.app.inject({ method: 'POST', url: `${API}/users/auth/token/logout/`, headers: { cookie: user.cookies } });

  it('logout removes the subscriptions registered by that session only', async () => {
    const laptop = await verifiedUser(t);
    const phone = await login(t.app, laptop.email, PASSWORD);
    const laptopSubscription = browserSubscription();
    const phoneSubscription = browserSubscription();
    await registerPush(t.app, laptop, laptopSubscription);
    await registerPush(t.app, phone, phoneSubscription);

    expectStatus(await logout(laptop), 200);
    expect((await pushRows(t.app, { userId: laptop.id })).map((row) => row.endpoint)).toEqual([phoneSubscription.endpoint]);
  });

  it('a password change removes the other sessions\' subscriptions and keeps its own', async () => {
    const desk = await verifiedUser(t);
    const tablet = await login(t.app, desk.email, PASSWORD);
    const deskSubscription = browserSubscription();
    await registerPush(t.app, desk, deskSubscription);
    await registerPush(t.app, tablet, browserSubscription());

    const changed = await t.app.inject({
      method: 'POST',
      url: `${API}/users/${desk.id}/change_password/`,
      payload: { oldPassword: PASSWORD, newPassword1: 'Cintilografia-2025!', newPassword2: 'Cintilografia-2025!' },
      headers: { cookie: desk.cookies },
    });
    expectStatus(changed, 200);
    expect((await pushRows(t.app, { userId: desk.id })).map((row) => row.endpoint)).toEqual([deskSubscription.endpoint]);
  });

  it('a password reset ends every session, and removes every subscription of the user', async () => {
    const user = await verifiedUser(t);
    const second = await login(t.app, user.email, PASSWORD);
    await registerPush(t.app, user, browserSubscription());
    await registerPush(t.app, second, browserSubscription());
    const bystander = await verifiedUser(t);
    await registerPush(t.app, bystander, browserSubscription());

    const payload = { email: user.email };
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/auth/reset_password/`, payload, remoteAddress: uniqueIp() }), 200);
    const token = new URL(await latestLinkTo(t.smtp, user.email, `/users/${user.id}/reset-password`)).searchParams.get('token')!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${API}/users/${user.id}/reset_password_confirm/`,
      payload: { token, newPassword1: 'Radiofarmaco-2026!', newPassword2: 'Radiofarmaco-2026!' },
    });
    expectStatus(confirmed, 204);
    expect(await pushRows(t.app, { userId: user.id })).toEqual([]);
    expect(await pushRows(t.app, { userId: bystander.id })).toHaveLength(1);
  });
});
