import { setAppBadge } from './app-badge.ts';

type BadgeNavigator = Parameters<typeof setAppBadge>[1];

function badgeNavigator(overrides: { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> } = {}) {
  const nav = {
    setAppBadge: vi.fn(overrides.setAppBadge ?? (async () => undefined)),
    clearAppBadge: vi.fn(overrides.clearAppBadge ?? (async () => undefined)),
  };
  return { nav, asNavigator: nav as unknown as BadgeNavigator };
}

/** Collects unhandled promise rejections until the returned function stops listening and gives them back. */
function watchUnhandledRejections() {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return async () => {
    // Unhandled rejections are reported after the microtask queue drains.
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', listener);
    return seen;
  };
}

describe('setAppBadge (the unread count on the installed app’s icon)', () => {
  it.each([1, 7, 120])('shows %i unread on the icon', (unread) => {
    const { nav, asNavigator } = badgeNavigator();
    setAppBadge(unread, asNavigator);
    expect(nav.setAppBadge).toHaveBeenCalledExactlyOnceWith(unread);
    expect(nav.clearAppBadge).not.toHaveBeenCalled();
  });

  it('clears the badge at 0 (rather than showing a dot)', () => {
    const { nav, asNavigator } = badgeNavigator();
    setAppBadge(0, asNavigator);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    expect(nav.setAppBadge).not.toHaveBeenCalled();
  });

  it('does nothing where the Badging API does not exist (Firefox, this test DOM)', () => {
    expect(() => setAppBadge(3, {} as BadgeNavigator)).not.toThrow();
    expect(() => setAppBadge(0, {} as BadgeNavigator)).not.toThrow();
    expect('setAppBadge' in navigator).toBe(false);
    expect(() => setAppBadge(3)).not.toThrow();
  });

  it('swallows a refusal (no notification permission) instead of leaving an unhandled rejection', async () => {
    const stop = watchUnhandledRejections();
    const refused = () => Promise.reject(new DOMException('Badging is not allowed', 'NotAllowedError'));
    const { nav, asNavigator } = badgeNavigator({ setAppBadge: refused, clearAppBadge: refused });
    expect(() => setAppBadge(4, asNavigator)).not.toThrow();
    expect(() => setAppBadge(0, asNavigator)).not.toThrow();
    expect(nav.setAppBadge).toHaveBeenCalledTimes(1);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    expect(await stop()).toEqual([]);
  });
});
