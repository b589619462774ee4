import { handleNotificationClick, handlePush, setBadge } from './push-handlers.ts';
import type { PushPayload } from './push-payload.ts';

type Worker = Parameters<typeof handlePush>[0];
type PushData = Parameters<typeof handlePush>[1];
type ClickEvent = Parameters<typeof handleNotificationClick>[1];

const ORIGIN = 'https://dosehub.example';

const PAYLOAD: PushPayload = {
  id: '0193a2b4-0000-7000-8000-0000000000c1',
  title: 'DoseHub',
  body: 'O laudo da análise 12 está pronto.',
  kind: 'success',
  url: '/dashboard/orders/12',
  unread: 3,
  lang: 'pt-BR',
};

interface FakeWindow {
  visibilityState: 'visible' | 'hidden';
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(visibilityState: 'visible' | 'hidden', { navigateFails = false } = {}): FakeWindow {
  const client: FakeWindow = {
    visibilityState,
    postMessage: vi.fn(),
    focus: vi.fn(async () => client),
    navigate: vi.fn(async () => (navigateFails ? Promise.reject(new TypeError('not controlled')) : client)),
  };
  return client;
}

/** The parts of ServiceWorkerGlobalScope the handlers use; `badging: false` is a browser without the Badging API. */
function fakeWorker(windows: FakeWindow[] = [], { badging = true } = {}) {
  const parts = {
    location: { origin: ORIGIN },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    registration: { showNotification: vi.fn(async () => undefined) },
    navigator: badging ? { setAppBadge: vi.fn(async () => undefined), clearAppBadge: vi.fn(async () => undefined) } : {},
  };
  return { ...parts, worker: parts as unknown as Worker };
}

const pushData = (value: unknown) => ({ json: () => value }) as unknown as PushData;

function clickEvent(data: unknown) {
  const notification = { close: vi.fn(), data };
  return { notification, event: { notification } as unknown as ClickEvent };
}

describe('handlePush', () => {
  it('shows the notification (title, body, tag, link) and badges the unread count when no DoseHub window is on screen', async () => {
    const hidden = fakeWindow('hidden');
    const { worker, registration, navigator } = fakeWorker([hidden]);
    await handlePush(worker, pushData(PAYLOAD));

    expect(registration.showNotification).toHaveBeenCalledTimes(1);
    expect(registration.showNotification).toHaveBeenCalledWith(
      'DoseHub',
      expect.objectContaining({
        body: 'O laudo da análise 12 está pronto.',
        tag: PAYLOAD.id,
        lang: 'pt-BR',
        data: { url: '/dashboard/orders/12' },
      }),
    );
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(navigator.setAppBadge).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('shows it when no window is open at all', async () => {
    const { worker, clients, registration } = fakeWorker([]);
    await handlePush(worker, pushData(PAYLOAD));
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(registration.showNotification).toHaveBeenCalledTimes(1);
  });

  it('hands the push to the window on screen instead of showing it (the live stream shows it there), and still badges', async () => {
    const hidden = fakeWindow('hidden');
    const visible = fakeWindow('visible');
    const { worker, registration, navigator } = fakeWorker([hidden, visible]);
    await handlePush(worker, pushData(PAYLOAD));

    expect(registration.showNotification).not.toHaveBeenCalled();
    expect(visible.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'push', payload: PAYLOAD });
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(navigator.setAppBadge).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('clears the badge when nothing is unread', async () => {
    const { worker, navigator } = fakeWorker();
    await handlePush(worker, pushData({ ...PAYLOAD, unread: 0 }));
    expect(navigator.clearAppBadge).toHaveBeenCalledTimes(1);
    expect(navigator.setAppBadge).not.toHaveBeenCalled();
  });

  it('ignores a push that is not ours', async () => {
    const { worker, registration, navigator } = fakeWorker();
    await handlePush(worker, pushData({ hello: 'world' }));
    await handlePush(worker, null);
    expect(registration.showNotification).not.toHaveBeenCalled();
    expect(navigator.setAppBadge).not.toHaveBeenCalled();
    expect(navigator.clearAppBadge).not.toHaveBeenCalled();
  });

  it('still shows the notification where the Badging API is missing', async () => {
    const { worker, registration } = fakeWorker([], { badging: false });
    await expect(handlePush(worker, pushData(PAYLOAD))).resolves.toBeUndefined();
    expect(registration.showNotification).toHaveBeenCalledTimes(1);
  });
});

describe('setBadge', () => {
  it('sets the count above 0 and clears it at 0', async () => {
    const { worker, navigator } = fakeWorker();
    await setBadge(worker, 7);
    await setBadge(worker, 0);
    expect(navigator.setAppBadge).toHaveBeenCalledExactlyOnceWith(7);
    expect(navigator.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does not fail when the browser refuses the badge (no notification permission)', async () => {
    const { worker, navigator } = fakeWorker();
    navigator.setAppBadge!.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    navigator.clearAppBadge!.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    await expect(setBadge(worker, 2)).resolves.toBeUndefined();
    await expect(setBadge(worker, 0)).resolves.toBeUndefined();
  });
});

describe('handleNotificationClick', () => {
  it('focuses an open DoseHub window and takes it to the notification’s screen', async () => {
    const open = fakeWindow('hidden');
    const { worker, clients } = fakeWorker([open]);
    const { event, notification } = clickEvent({ url: '/dashboard/orders/12' });
    await handleNotificationClick(worker, event);

    expect(notification.close).toHaveBeenCalledTimes(1);
    expect(open.focus).toHaveBeenCalledTimes(1);
    expect(open.navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/dashboard/orders/12`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('asks the window to navigate itself when it cannot be navigated from the worker (not controlled yet)', async () => {
    const open = fakeWindow('visible', { navigateFails: true });
    const { worker } = fakeWorker([open]);
    await handleNotificationClick(worker, clickEvent({ url: '/dashboard/orders/12' }).event);
    expect(open.focus).toHaveBeenCalledTimes(1);
    expect(open.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'navigate', url: '/dashboard/orders/12' });
  });

  it('opens a window on the notification’s screen when none is open', async () => {
    const { worker, clients } = fakeWorker([]);
    await handleNotificationClick(worker, clickEvent({ url: '/dashboard/orders/12' }).event);
    expect(clients.openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/dashboard/orders/12`);
  });

  it('opens the notifications page for a notification without a link', async () => {
    const { worker, clients } = fakeWorker([]);
    await handleNotificationClick(worker, clickEvent(null).event);
    expect(clients.openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/dashboard/notifications`);
  });

  it.each(['https://evil.example/phish', '//evil.example/phish'])('never opens another site (%s), but closes the notification', async (url) => {
    const open = fakeWindow('visible');
    const { worker, clients } = fakeWorker([open]);
    const { event, notification } = clickEvent({ url });
    await handleNotificationClick(worker, event);

    expect(notification.close).toHaveBeenCalledTimes(1);
    expect(clients.openWindow).not.toHaveBeenCalled();
    expect(open.focus).not.toHaveBeenCalled();
    expect(open.navigate).not.toHaveBeenCalled();
  });
});
