import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, jsonResponse, stubApi } from '#tests/utils/fake-fetch.ts';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { OTHER_USER, TEST_USER } from '#app/lib/testing/local-first.ts';
import { PushOptIn } from './push-opt-in.tsx';

const TITLE = 'Quer saber quando o laudo ficar pronto?';
const ENABLE = 'Ativar avisos';
const NOT_NOW = 'Agora não';
const ENABLED = 'Avisos ativados neste aparelho.';
const DENIED = 'O navegador bloqueou os avisos. Você pode liberá-los nas configurações do site.';
const FAILED = 'Não foi possível ativar os avisos agora. Tente de novo quando estiver conectado.';

/** A VAPID public key (65 bytes, uncompressed P-256) whose base64url text has '-' and '_' and no padding. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => [4, 0xfb, 0xff][i] ?? (i * 37 + 251) % 256);
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');
if (!/-/.test(PUBLIC_KEY) || !/_/.test(PUBLIC_KEY) || PUBLIC_KEY.length % 4 === 0) throw new Error('the test key must exercise base64url decoding');
const ENDPOINT = 'https://push.example.net/send/abc123';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'tBHItJI5svbpez7KI4CCXg' } };

function fakeSubscription() {
  return { endpoint: ENDPOINT, toJSON: () => SUBSCRIPTION_JSON, unsubscribe: vi.fn(async () => true) };
}

/**
 * A browser with Web Push: `Notification` (permission and its prompt), `PushManager`, and a service
 * worker registration whose push manager holds `existing` (or nothing) and subscribes on request.
 */
function stubPushBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  existing = null as ReturnType<typeof fakeSubscription> | null,
} = {}) {
  const created = fakeSubscription();
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => created),
  };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  return { pushManager, requestPermission, created };
}

function stubServer({ vapid = 200 } = {}) {
  return stubApi((url, init) => {
    if (url === '/api/v1/push/vapid-public-key/') return vapid === 200 ? jsonResponse({ publicKey: PUBLIC_KEY }) : jsonResponse({ errors: ['Indisponível'] }, vapid);
    if (url.endsWith('/push-subscriptions/') && init.method === 'POST') return jsonResponse({ id: '0193a2b4-0000-7000-8000-0000000000aa' }, 201);
    return jsonResponse({ errors: ['Não encontrado.'] }, 404);
  });
}

/** Lets the card's first state read (an effect with a promise) settle. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

cleanUpAfterEachTest(() => delete (navigator as { serviceWorker?: unknown }).serviceWorker);

describe('PushOptIn (the offer to turn on alerts once an analysis is sent)', () => {
  it('offers alerts with why, when the browser supports push and the user has not answered', async () => {
    stubPushBrowser();
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    const card = await screen.findByRole('region', { name: TITLE });
    expect(within(card).getByText(/Sua análise foi enviada. Ative os avisos neste aparelho/)).toBeVisible();
    expect(within(card).getByRole('button', { name: ENABLE })).toBeVisible();
    expect(within(card).getByRole('button', { name: NOT_NOW })).toBeVisible();
  });

  it('speaks en-US', async () => {
    stubPushBrowser();
    await renderWithProviders(<PushOptIn userId={TEST_USER} />, { language: 'en-US' });
    const card = await screen.findByRole('region', { name: 'Want to know when the report is ready?' });
    expect(within(card).getByRole('button', { name: 'Turn on alerts' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Not now' })).toBeVisible();
  });

  it('"Agora não" hides it for good for this user on this browser, but another user still gets the offer', async () => {
    const { requestPermission } = stubPushBrowser();
    const { unmount } = await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await userEvent.click(await screen.findByRole('button', { name: NOT_NOW }));
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    unmount();

    // Next visit (a remount) by the same user: nothing.
    const again = await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await settle();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    again.unmount();

    // Both at once: only the other user's card shows.
    await renderWithProviders(
      <>
        <PushOptIn userId={TEST_USER} />
        <PushOptIn userId={OTHER_USER} />
      </>,
    );
    await screen.findByRole('region', { name: TITLE });
    await settle();
    expect(screen.getAllByRole('region', { name: TITLE })).toHaveLength(1);
  });

  it('"Ativar avisos" asks for permission, subscribes with the server’s key and registers the subscription', async () => {
    const { pushManager, requestPermission } = stubPushBrowser();
    const fetchMock = stubServer();
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await userEvent.click(await screen.findByRole('button', { name: ENABLE }));

    expect(await screen.findByText(ENABLED)).toBeVisible();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));

    const calls = apiCalls(fetchMock).map(([url, init]) => ({ url: String(url), method: init?.method ?? 'GET', body: init?.body }));
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/v1/push/vapid-public-key/',
      `POST /api/v1/users/${TEST_USER}/push-subscriptions/`,
    ]);
    expect(JSON.parse(String(calls[1]!.body))).toEqual(SUBSCRIPTION_JSON);
    // Answered: the card goes away.
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
  });

  it('re-registers a subscription the browser already holds instead of creating another', async () => {
    const existing = fakeSubscription();
    const { pushManager } = stubPushBrowser({ existing });
    const fetchMock = stubServer();
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await userEvent.click(await screen.findByRole('button', { name: ENABLE }));
    expect(await screen.findByText(ENABLED)).toBeVisible();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(apiCalls(fetchMock).filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('says the browser blocked alerts when permission is denied, and registers nothing', async () => {
    const { pushManager } = stubPushBrowser({ answer: 'denied' });
    const fetchMock = stubServer();
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await userEvent.click(await screen.findByRole('button', { name: ENABLE }));

    const message = await screen.findByText(DENIED);
    expect(message.closest('[data-message-type]')).toHaveAttribute('data-message-type', 'warning');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(apiCalls(fetchMock)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
  });

  it('says it could not turn alerts on when the server cannot be reached', async () => {
    stubPushBrowser();
    stubServer({ vapid: 503 });
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await userEvent.click(await screen.findByRole('button', { name: ENABLE }));
    expect(await screen.findByText(FAILED)).toBeVisible();
    expect(screen.queryByText(ENABLED)).not.toBeInTheDocument();
  });

  it('offline: not offered (it needs the server), and offered again once the network is back', async () => {
    stubPushBrowser();
    setConnectivityForTests(false);
    try {
      await renderWithProviders(<PushOptIn userId={TEST_USER} />);
      await settle();
      expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    } finally {
      act(() => setConnectivityForTests(true));
    }
    expect(await screen.findByRole('region', { name: TITLE })).toBeVisible();
  });

  it('shows nothing in a browser without Web Push', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    // No PushManager, no service worker (e.g. an old Safari).
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await settle();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
  });

  it.each(['denied', 'granted'] as const)('shows nothing once the user has answered the browser (%s, subscribed)', async (permission) => {
    stubPushBrowser({ permission, existing: fakeSubscription() });
    localStorage.setItem('dosehub-push-owner', TEST_USER);
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    await settle();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
  });

  it('offers alerts to a user on a browser where permission was granted to someone else', async () => {
    stubPushBrowser({ permission: 'granted', existing: fakeSubscription() });
    localStorage.setItem('dosehub-push-owner', OTHER_USER);
    await renderWithProviders(<PushOptIn userId={TEST_USER} />);
    expect(await screen.findByRole('region', { name: TITLE })).toBeVisible();
  });
});
