import { apiCalls, jsonResponse, stubApi } from '#tests/utils/fake-fetch.ts';
import { setupI18n } from '#tests/utils/render.tsx';
import { OTHER_USER, TEST_USER } from '#app/lib/testing/local-first.ts';
import { disablePush, enablePush, readPushState, syncPushSubscription } from './push-subscription.ts';

const OWNER_KEY = 'dosehub-push-owner';
const ENDPOINT = 'https://push.example.net/send/abc123';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'tBHItJI5svbpez7KI4CCXg' } };
const SUBSCRIPTION_ID = '0193a2b4-0000-7000-8000-0000000000aa';
const subscriptionsUrl = (userId: string) => `/api/v1/users/${userId}/push-subscriptions/`;

function fakeSubscription() {
  return { endpoint: ENDPOINT, toJSON: () => SUBSCRIPTION_JSON, unsubscribe: vi.fn(async () => true) };
}

/** A browser with Web Push, `permission` already answered, and `existing` as its current subscription. */
function stubPushBrowser(permission: NotificationPermission, existing: ReturnType<typeof fakeSubscription> | null) {
  const pushManager = { getSubscription: vi.fn(async () => existing), subscribe: vi.fn(async () => fakeSubscription()) };
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => permission) });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  return pushManager;
}

/** The API's answers: 201 with the id for a registration, 204 for a removal. */
function stubServer() {
  return stubApi((url, init) => {
    if (!url.endsWith('/push-subscriptions/')) return jsonResponse({ errors: ['Não encontrado.'] }, 404);
    return init.method === 'POST' ? jsonResponse({ id: SUBSCRIPTION_ID }, 201) : new Response(null, { status: 204 });
  });
}

const calls = (fetchMock: ReturnType<typeof stubApi>) =>
  apiCalls(fetchMock).map(([url, init]) => ({
    request: `${init?.method ?? 'GET'} ${String(url)}`,
    body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
  }));

beforeEach(() => setupI18n('pt-BR'));
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('syncPushSubscription (at start and on sign-in)', () => {
  it('re-registers the subscription of the user who opted in on this browser (the server may have dropped it)', async () => {
    const subscription = fakeSubscription();
    stubPushBrowser('granted', subscription);
    localStorage.setItem(OWNER_KEY, TEST_USER);
    const fetchMock = stubServer();
    await syncPushSubscription(TEST_USER);
    expect(calls(fetchMock)).toEqual([{ request: `POST ${subscriptionsUrl(TEST_USER)}`, body: SUBSCRIPTION_JSON }]);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('drops a subscription another user left on this browser, without giving it to the new user', async () => {
    const subscription = fakeSubscription();
    stubPushBrowser('granted', subscription);
    localStorage.setItem(OWNER_KEY, OTHER_USER);
    const fetchMock = stubServer();
    await syncPushSubscription(TEST_USER);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it('does nothing without permission or without a subscription', async () => {
    const fetchMock = stubServer();
    const subscription = fakeSubscription();
    stubPushBrowser('default', subscription);
    localStorage.setItem(OWNER_KEY, TEST_USER);
    await syncPushSubscription(TEST_USER);
    stubPushBrowser('granted', null);
    await syncPushSubscription(TEST_USER);
    expect(apiCalls(fetchMock)).toHaveLength(0);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without Web Push', async () => {
    const fetchMock = stubServer();
    await expect(syncPushSubscription(TEST_USER)).resolves.toBeUndefined();
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });
});

describe('disablePush (turning alerts off, and at logout)', () => {
  it('tells the server to forget this endpoint, then drops the browser’s subscription', async () => {
    const subscription = fakeSubscription();
    stubPushBrowser('granted', subscription);
    localStorage.setItem(OWNER_KEY, TEST_USER);
    const fetchMock = stubServer();
    await disablePush(TEST_USER);
    expect(calls(fetchMock)).toEqual([{ request: `DELETE ${subscriptionsUrl(TEST_USER)}`, body: { endpoint: ENDPOINT } }]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });

  it('still drops the browser’s subscription when the server cannot be reached (e.g. logging out offline)', async () => {
    const subscription = fakeSubscription();
    stubPushBrowser('granted', subscription);
    localStorage.setItem(OWNER_KEY, TEST_USER);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await disablePush(TEST_USER);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });

  it('only forgets the owner when there is no subscription', async () => {
    stubPushBrowser('granted', null);
    localStorage.setItem(OWNER_KEY, TEST_USER);
    const fetchMock = stubServer();
    await disablePush(TEST_USER);
    expect(apiCalls(fetchMock)).toHaveLength(0);
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });
});

describe('readPushState / enablePush', () => {
  it('is "enabled" only for the user who owns the subscription', async () => {
    stubPushBrowser('granted', fakeSubscription());
    localStorage.setItem(OWNER_KEY, TEST_USER);
    expect(await readPushState(TEST_USER)).toBe('enabled');
    expect(await readPushState(OTHER_USER)).toBe('disabled');
  });

  it('reports the browser’s permission while it is not granted, and "unsupported" without Web Push', async () => {
    expect(await readPushState(TEST_USER)).toBe('unsupported');
    stubPushBrowser('denied', null);
    expect(await readPushState(TEST_USER)).toBe('denied');
  });

  it('records the user as the owner once the server has the subscription', async () => {
    stubPushBrowser('granted', fakeSubscription());
    stubApi((url) => (url === '/api/v1/push/vapid-public-key/' ? jsonResponse({ publicKey: 'BPv_ao-0' }) : jsonResponse({ id: SUBSCRIPTION_ID }, 201)));
    expect(await enablePush(TEST_USER)).toBe('enabled');
    expect(localStorage.getItem(OWNER_KEY)).toBe(TEST_USER);
  });

  it('does not record an owner when the server refuses the subscription', async () => {
    stubPushBrowser('granted', fakeSubscription());
    stubApi((url) =>
      url === '/api/v1/push/vapid-public-key/' ? jsonResponse({ publicKey: 'BPv_ao-0' }) : jsonResponse({ errors: ['endpoint: inválido'] }, 400),
    );
    await expect(enablePush(TEST_USER)).rejects.toMatchObject({ status: 400 });
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });
});
