import { ChunkTimeoutError, isChunkLoadError, reloadOnceForChunkError, startChunkRecovery } from './chunk-recovery.ts';

const typeError = (message: string) => new TypeError(message);

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', typeError('Failed to fetch dynamically imported module: https://dosehub.example/assets/calibrations-Bx1c.js')],
    ['Firefox', typeError('error loading dynamically imported module: https://dosehub.example/assets/calibrations-Bx1c.js')],
    ['Safari', typeError('Importing a module script failed.')],
    ['Vite (a route’s stylesheet)', new Error('Unable to preload CSS for /assets/calibrations-Bx1c.css')],
    ['our 120 s timeout', new ChunkTimeoutError()],
    ['an error named ChunkLoadError', Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })],
    ['a thrown string', 'TypeError: Failed to fetch dynamically imported module: /assets/x.js'],
  ])('recognises %s', (_source, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['a failed API call', typeError('Failed to fetch')],
    ['a network error', typeError('NetworkError when attempting to fetch resource.')],
    ['a programming error', typeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'boom'],
    ['null', null],
    ['undefined', undefined],
    ['an object', { message: 'x' }],
  ])('does not take %s for one', (_what, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('reloadOnceForChunkError (one reload, then the error screen)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reloads the first time, not again within 30 s, and again after 30 s', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(29_999);
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);

    // The 30 s count again from the last reload.
    vi.advanceTimersByTime(10_000);
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers the reload in the tab’s session storage, so the reloaded page does not reload again', () => {
    const reload = vi.fn();
    reloadOnceForChunkError(sessionStorage, reload);
    // The page that loads after the reload uses the defaults: same storage, window.location.reload.
    const pageReload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    vi.advanceTimersByTime(2_000);
    expect(reloadOnceForChunkError()).toBe(false);
    expect(pageReload).not.toHaveBeenCalled();
  });

  it('reloads the page itself by default', () => {
    const pageReload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    expect(reloadOnceForChunkError()).toBe(true);
    expect(pageReload).toHaveBeenCalledTimes(1);
  });
});

describe('startChunkRecovery (Vite’s preload errors)', () => {
  it('reloads once for a failed preload and lets a second one through to the error screen', () => {
    const pageReload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    startChunkRecovery();

    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(pageReload).toHaveBeenCalledTimes(1);
    // Handled: Vite does not throw the error.
    expect(first.defaultPrevented).toBe(true);

    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(pageReload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });
});
