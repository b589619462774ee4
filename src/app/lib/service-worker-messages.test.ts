import { followServiceWorkerNavigation } from './service-worker-messages.ts';

describe('followServiceWorkerNavigation (a notification clicked while this tab is not controlled)', () => {
  const container = new EventTarget();
  beforeEach(() => vi.stubGlobal('navigator', { ...navigator, serviceWorker: container }));
  afterEach(() => vi.unstubAllGlobals());

  const post = (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data }));

  it('opens the screen the service worker names, and only paths of this app', () => {
    const navigate = vi.fn();
    followServiceWorkerNavigation(navigate);
    post({ type: 'navigate', url: '/dashboard/notifications?x=1#n' });
    post({ type: 'navigate', url: '//evil.example/phish' });
    post({ type: 'navigate', url: 'https://evil.example/' });
    post({ type: 'push', url: '/dashboard' });
    post(null);
    expect(navigate.mock.calls).toEqual([['/dashboard/notifications?x=1#n']]);
  });
});
